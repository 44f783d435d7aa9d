//! Tests of the board file (board_file.rs): the standard board, derived arrows and every
//! check of a loaded file, each naming the field.

use super::*;

fn s(t: &str) -> Square {
    Square::parse(t).unwrap()
}

#[test]
fn standard_board_has_33_squares_and_four_castles_of_three() {
    let b = BoardFile::standard();
    assert_eq!(b.squares.len(), 33);
    assert_eq!(b.castles.player, vec![s("c1"), s("d1"), s("e1")]);
    assert_eq!(b.walls.len(), 8);
    b.validate().unwrap();
}

#[test]
fn bundled_board_matches_the_derived_standard_board() {
    let text = crate::bundled::get("data/furtherance/board.json").unwrap();
    let bundled = BoardFile::parse(text).unwrap();
    assert_eq!(bundled, BoardFile::standard());
}

#[test]
fn arrows_lead_left_units_through_their_gap_toward_the_player() {
    let b = BoardFile::standard();
    let left = &b.arrows.left;
    assert_eq!(left[&s("a4")], vec![s("b4")]);
    assert_eq!(left[&s("b4")], vec![s("c4")]);
    assert_eq!(left[&s("c4")], vec![s("c3")]);
    // The player's own walls do not stop enemies (SOLO RULES 1): c3 steps straight to c2.
    assert_eq!(left[&s("c3")], vec![s("c2")]);
    // From a side castle space, leaving the castle is preferred.
    assert_eq!(left[&s("a3")], vec![s("b3"), s("a4")]);
    assert_eq!(b.spawn_order.left, vec![s("a4"), s("a3"), s("a5")]);
}

#[test]
fn an_arrow_through_a_wall_is_rejected_naming_it() {
    let mut b = BoardFile::standard();
    b.arrows.left.insert(s("b3"), vec![s("c3")]);
    let err = b.validate().unwrap_err();
    assert!(
        err.to_string().contains("arrows.left.b3") && err.to_string().contains("wall"),
        "{err}"
    );
}

#[test]
fn a_spawn_order_not_starting_at_the_castles_centre_is_rejected() {
    let mut b = BoardFile::standard();
    b.spawn_order.left = vec![s("a5"), s("a4"), s("a3")];
    let err = b.validate().unwrap_err();
    assert!(
        err.to_string().contains("spawn_order.left") && err.to_string().contains("centre a4"),
        "{err}"
    );
}

#[test]
fn derive_finds_the_centre_from_the_castles_squares_not_the_middle_of_its_list() {
    let mut b = BoardFile::standard();
    b.castles.left = vec![s("a3"), s("a5"), s("a4")];
    b.derive_arrows_and_spawn_order();
    assert_eq!(b.spawn_order.left[0], s("a4"));
    b.validate().unwrap();
}

/// A square off the board in a hand-edited file is refused at the arrow that names it.
#[test]
fn an_arrow_to_a_square_off_the_board_is_refused_naming_the_arrow() {
    let mut file = serde_json::to_value(BoardFile::standard()).unwrap();
    file["arrows"]["left"]["b4"] = serde_json::json!(["h4"]);
    let err = BoardFile::parse(&file.to_string()).unwrap_err();
    assert!(
        err.to_string().contains("arrows.left.b4[0]: \"h4\" is not a square"),
        "{err}"
    );
    // Also where the arrow starts off the board: the key is the arrow's name.
    let mut file = serde_json::to_value(BoardFile::standard()).unwrap();
    file["arrows"]["right"]["h4"] = serde_json::json!(["g4"]);
    let err = BoardFile::parse(&file.to_string()).unwrap_err();
    assert!(
        err.to_string().contains("arrows.right.h4: \"h4\" is not a square"),
        "{err}"
    );
}

#[test]
fn arrows_into_a_loop_are_rejected() {
    let mut b = BoardFile::standard();
    b.arrows.left.insert(s("b4"), vec![s("b3")]);
    b.arrows.left.insert(s("b3"), vec![s("b4")]);
    let err = b.validate().unwrap_err();
    assert!(err.to_string().contains("loop"), "{err}");
}

#[test]
fn a_castle_of_two_spaces_is_rejected() {
    let mut b = BoardFile::standard();
    b.castles.right.pop();
    let err = b.validate().unwrap_err();
    assert!(
        err.to_string().contains("castles.right") && err.to_string().contains("3 spaces"),
        "{err}"
    );
}

#[test]
fn an_arrow_into_another_castle_is_rejected() {
    let mut b = BoardFile::standard();
    b.arrows.left.insert(s("d2"), vec![s("d1")]);
    assert!(b.validate().is_err());
    let mut b = BoardFile::standard();
    b.arrows.across.insert(s("c6"), vec![s("c7")]);
    b.arrows.left.insert(s("c6"), vec![s("c7")]);
    let err = b.validate().unwrap_err();
    assert!(
        err.to_string().contains("arrows.left.c6") && err.to_string().contains("castles.across"),
        "{err}"
    );
}

#[test]
fn a_square_listed_twice_names_where_it_first_appears() {
    let mut b = BoardFile::standard();
    let again = b.squares[2];
    b.squares.push(again);
    let err = b.validate().unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("squares[33]: {again} is listed twice, first at squares[2]")
    );
}

#[test]
fn a_wall_listed_twice_either_way_round_names_where_it_first_appears() {
    let mut b = BoardFile::standard();
    let mut again = b.walls[1].clone();
    again.between.reverse();
    let [a, z] = again.between;
    b.walls.push(again);
    let want = format!("walls[8] ({a}-{z}): this wall is listed twice, first at walls[1]");
    assert_eq!(b.validate().unwrap_err().to_string(), want);
}

#[test]
fn a_space_in_two_castles_names_the_castle_it_is_first_in() {
    let mut b = BoardFile::standard();
    let taken = b.castles.player[0];
    b.castles.left[0] = taken;
    let err = b.validate().unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("castles.left: {taken} is already a space of castles.player")
    );
}

#[test]
fn a_units_file_labelled_as_a_board_says_so() {
    let units = include_str!("../../../../data/furtherance/units.json");
    let relabelled = units.replacen("furtherance-units", BOARD_KIND, 1);
    assert_ne!(relabelled, units, "the units file names its data_kind");
    let err = BoardFile::parse(&relabelled).unwrap_err();
    assert!(
        err.to_string().contains("labelled data_kind \"furtherance-board\"")
            && err.to_string().contains("the field(s) units")
            && err.to_string().contains("another kind of file"),
        "{err}"
    );
}
