//! A workaround for text that runs past a scrolled column's edge (docs/architecture.md,
//! Repainting): iced_tiny_skia 0.14.1 clips a widget's "cached" text (a pick list's choice)
//! only when the viewport the widget was given reaches past the layer it draws in. A pick list
//! in a scrollable is given exactly the scrollable's viewport, so the one cut by the column's
//! bottom edge was drawn whole, over the notice line under it (seen with large type at
//! 1366×768). [`clip_text`] draws its content with an unbounded viewport, so the renderer
//! clips such text to the layer (the scrollable) as it does every other text. Layout, events
//! and the widget tree are the content's own.

use iced::advanced::widget::{Operation, Tree, tree};
use iced::advanced::{Clipboard, Layout, Shell, Widget, layout, overlay, renderer};
use iced::{Element, Event, Length, Rectangle, Size, Vector, mouse};

/// `content`, drawn with a viewport that is never smaller than the layer around it.
pub fn clip_text<'a, M: 'a, T: 'a, R: iced::advanced::Renderer + 'a>(
    content: impl Into<Element<'a, M, T, R>>,
) -> Element<'a, M, T, R> {
    Element::new(ClipText {
        content: content.into(),
    })
}

struct ClipText<'a, M, T, R> {
    content: Element<'a, M, T, R>,
}

/// Far larger than any window, so "within the viewport" never spares a text the layer's clip.
const UNBOUNDED: Rectangle = Rectangle {
    x: -1.0e6,
    y: -1.0e6,
    width: 2.0e6,
    height: 2.0e6,
};

impl<M, T, R: iced::advanced::Renderer> Widget<M, T, R> for ClipText<'_, M, T, R> {
    fn tag(&self) -> tree::Tag {
        self.content.as_widget().tag()
    }

    fn state(&self) -> tree::State {
        self.content.as_widget().state()
    }

    fn children(&self) -> Vec<Tree> {
        self.content.as_widget().children()
    }

    fn diff(&self, tree: &mut Tree) {
        self.content.as_widget().diff(tree);
    }

    fn size(&self) -> Size<Length> {
        self.content.as_widget().size()
    }

    fn size_hint(&self) -> Size<Length> {
        self.content.as_widget().size_hint()
    }

    fn layout(&mut self, tree: &mut Tree, renderer: &R, limits: &layout::Limits) -> layout::Node {
        self.content.as_widget_mut().layout(tree, renderer, limits)
    }

    fn draw(
        &self,
        tree: &Tree,
        renderer: &mut R,
        theme: &T,
        style: &renderer::Style,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        _viewport: &Rectangle,
    ) {
        self.content
            .as_widget()
            .draw(tree, renderer, theme, style, layout, cursor, &UNBOUNDED);
    }

    fn operate(
        &mut self,
        tree: &mut Tree,
        layout: Layout<'_>,
        renderer: &R,
        operation: &mut dyn Operation,
    ) {
        self.content
            .as_widget_mut()
            .operate(tree, layout, renderer, operation);
    }

    fn update(
        &mut self,
        tree: &mut Tree,
        event: &Event,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        renderer: &R,
        clipboard: &mut dyn Clipboard,
        shell: &mut Shell<'_, M>,
        viewport: &Rectangle,
    ) {
        self.content.as_widget_mut().update(
            tree, event, layout, cursor, renderer, clipboard, shell, viewport,
        );
    }

    fn mouse_interaction(
        &self,
        tree: &Tree,
        layout: Layout<'_>,
        cursor: mouse::Cursor,
        viewport: &Rectangle,
        renderer: &R,
    ) -> mouse::Interaction {
        self.content
            .as_widget()
            .mouse_interaction(tree, layout, cursor, viewport, renderer)
    }

    fn overlay<'b>(
        &'b mut self,
        tree: &'b mut Tree,
        layout: Layout<'b>,
        renderer: &R,
        viewport: &Rectangle,
        translation: Vector,
    ) -> Option<overlay::Element<'b, M, T, R>> {
        self.content
            .as_widget_mut()
            .overlay(tree, layout, renderer, viewport, translation)
    }
}
