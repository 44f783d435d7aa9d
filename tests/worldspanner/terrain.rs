//! Terrain costs and line of sight (MOVE, p. 9; LINE OF SIGHT, p. 19-20).

use tablemate::worldspanner::Modifier;
use tablemate::worldspanner::terrain::{ShotOptions, Terrain, shot_modifier};

fn spaces(m: Modifier) -> u8 {
    match m {
        Modifier::TerrainStealth { spaces } => spaces,
        other => panic!("{other:?}"),
    }
}

#[test]
fn terrain_move_costs_clear_one_rough_ground_two_and_forbidden_spaces() {
    assert_eq!(Terrain::Clear.move_cost(), Some(1));
    for t in [
        Terrain::Water,
        Terrain::Woods,
        Terrain::Swamp,
        Terrain::Rough,
        Terrain::Building,
    ] {
        assert_eq!(t.move_cost(), Some(2), "{t:?}");
    }
    for t in [
        Terrain::DeepWater,
        Terrain::Fire,
        Terrain::Dome,
        Terrain::Wall,
    ] {
        assert_eq!(t.move_cost(), None, "{t:?}");
    }
}

#[test]
fn camouflage_gives_two_stealth_per_space_touched_including_the_targets() {
    let m = shot_modifier(
        &[Terrain::Woods, Terrain::Clear, Terrain::Rough],
        Terrain::Swamp,
        ShotOptions::default(),
    )
    .unwrap();
    assert_eq!(spaces(m.clone()), 3);
    assert_eq!(m.amount(), -6);
}

#[test]
fn clear_water_and_deep_water_do_not_affect_a_shot() {
    let m = shot_modifier(
        &[Terrain::Water, Terrain::DeepWater],
        Terrain::Clear,
        ShotOptions::default(),
    )
    .unwrap();
    assert_eq!(spaces(m), 0);
}

#[test]
fn a_building_conceals_its_target_and_blocks_sight_beyond_it() {
    assert_eq!(
        spaces(shot_modifier(&[], Terrain::Building, ShotOptions::default()).unwrap()),
        1
    );
    assert!(shot_modifier(&[Terrain::Building], Terrain::Clear, ShotOptions::default()).is_err());
}

#[test]
fn domes_and_walls_block_sight() {
    let o = ShotOptions::default();
    assert!(shot_modifier(&[Terrain::Dome], Terrain::Clear, o).is_err());
    assert!(shot_modifier(&[], Terrain::Dome, o).is_err());
    assert!(shot_modifier(&[Terrain::Wall], Terrain::Clear, o).is_err());
    let inside = ShotOptions {
        shooter_in_dome: true,
        ..o
    };
    assert!(shot_modifier(&[], Terrain::Clear, inside).is_err());
}

#[test]
fn a_flying_target_gets_no_terrain_stealth_and_only_walls_block() {
    let fly = ShotOptions {
        flying_target: true,
        ..Default::default()
    };
    assert_eq!(
        spaces(shot_modifier(&[Terrain::Woods, Terrain::Building], Terrain::Swamp, fly).unwrap()),
        0
    );
    assert!(shot_modifier(&[Terrain::Wall], Terrain::Clear, fly).is_err());
}

#[test]
fn a_grenade_treats_domes_and_buildings_as_woods_but_never_enters_a_dome() {
    let g = ShotOptions {
        grenade: true,
        ..Default::default()
    };
    assert_eq!(
        spaces(shot_modifier(&[Terrain::Building, Terrain::Dome], Terrain::Building, g).unwrap()),
        3
    );
    assert!(shot_modifier(&[], Terrain::Dome, g).is_err());
}
