//! The one list of games. Each entry names a game once: its `Kind` variant, the module that
//! holds it in every layer (the engine `crate::<module>`, and in the app `cli::<module>`,
//! `gui::<module>`, `host::<module>`, `store::report::places::<module>`), its slug (the
//! envelope's `kind` and the CLI's name), its title, the home screen's line and the CLI's help
//! line.
//!
//! Everything that treats every game alike is generated from this list by handing it a macro
//! of its own (`for_each_game!(kinds)` declares `Kind`; the games table, the engine modules, the
//! screens, the CLI's subcommands, the host's tables and the report's tables do the same), so a
//! sixth game is one entry here plus its own modules (docs/architecture.md, "Adding a sixth
//! game"). The list names modules only as words: each consumer decides what to build from them.

/// Calls the macro `$then` with every game's entry, in home-screen order:
/// `Variant { module: m, slug: "...", title: "...", blurb: "...", help: "..." }`.
/// A consumer matches `$($variant:ident { module: $module:ident, $($rest:tt)* })+` when it
/// needs only the names.
#[macro_export]
macro_rules! for_each_game {
    ($then:ident) => {
        $then! {
            Furtherance {
                module: furtherance,
                slug: "furtherance",
                title: "Furtherance solo",
                blurb: "The app runs the three enemy castles",
                help: "Furtherance solo mode.",
            }
            Worldspanner {
                module: worldspanner,
                slug: "worldspanner",
                title: "Worldspanner Factions",
                blurb: "Challenge decks, Domes, rounds, glory",
                help: "Worldspanner Factions.",
            }
            NearAndFar {
                module: near_and_far,
                slug: "near-and-far",
                title: "Near and Far",
                blurb: "Quest lookup, campaign sheets, scoring",
                help: "Near and Far.",
            }
            FurnaceDuel {
                module: furnace_duel,
                slug: "furnace-duel",
                title: "Furnace Duel campaign",
                blurb: "Six-board campaign scoring pad",
                help: "Furnace Duel campaign pad.",
            }
            Army {
                module: army,
                slug: "army",
                title: "Army sheets",
                blurb: "Army builder and follower sheets",
                help: "Army sheets of the two-to-four-general game.",
            }
        }
    };
}
