//! The words of `tablemate near-and-far ...`: each subcommand and its options as clap reads
//! them (what `--help` prints). What each one does is in `super::execute`.

use std::path::PathBuf;

use chrono::NaiveDate;
use clap::{Subcommand, ValueEnum};

use super::table_day;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ModeArg {
    Campaign,
    Character,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start a campaign. Give each seat as --player "Ana=Rin".
    New {
        #[arg(long, value_enum)]
        mode: ModeArg,
        #[arg(long = "player", required = true)]
        players: Vec<String>,
        #[arg(long)]
        extra_stories: bool,
        #[arg(long)]
        long_game: bool,
        #[arg(long)]
        title: Option<String>,
        /// The day at the table (YYYY-MM-DD); today when left out.
        #[arg(long, value_parser = table_day)]
        date: Option<NaiveDate>,
        #[arg(long)]
        json: bool,
    },
    /// A late joiner (p. 37), between sessions: --player "Cy=Kiku". Campaign Mode fills one
    /// row of boxes per session missed; Character Mode starts a fresh card.
    Join {
        #[arg(long)]
        campaign: String,
        #[arg(long)]
        player: String,
        /// The day at the table (YYYY-MM-DD); today when left out.
        #[arg(long, value_parser = table_day)]
        date: Option<NaiveDate>,
        #[arg(long)]
        json: bool,
    },
    /// A character leaves the campaign between sessions (its card stays in the books).
    Retire {
        #[arg(long)]
        campaign: String,
        #[arg(long)]
        character: String,
        /// The day at the table (YYYY-MM-DD); today when left out.
        #[arg(long, value_parser = table_day)]
        date: Option<NaiveDate>,
        #[arg(long)]
        json: bool,
    },
    /// Which paragraph a character reads on a quest space (side quest, character quest,
    /// arcade card) and which choice their keywords force.
    Lookup {
        #[arg(long)]
        campaign: String,
        #[arg(long)]
        character: String,
        /// The number (or Map 1 letter) on the space.
        #[arg(long)]
        quest: String,
        /// The map, if no session is being played.
        #[arg(long)]
        map: Option<u8>,
        /// Cross out the side quest read (saved in the campaign).
        #[arg(long)]
        mark: bool,
        /// The day at the table (YYYY-MM-DD); today when left out.
        #[arg(long, value_parser = table_day)]
        date: Option<NaiveDate>,
        #[arg(long)]
        json: bool,
    },
    /// Game-end journey points from a score file (format in docs/near-and-far.md). With
    /// --campaign, the session in play ends with these scores.
    Score {
        #[arg(long)]
        input: PathBuf,
        #[arg(long)]
        campaign: Option<String>,
        /// The day at the table (YYYY-MM-DD); today when left out.
        #[arg(long, value_parser = table_day)]
        date: Option<NaiveDate>,
        #[arg(long)]
        json: bool,
    },
    /// One player's end-of-game count for the session in play, kept until the session is
    /// finished: what the records know (talents, threat and boss cards taken, a full card on
    /// Map 11) is filled in and checked; prints every total so far and who is still to count.
    ScorePlayer {
        #[arg(long)]
        campaign: String,
        /// The player's or the character's name.
        #[arg(long)]
        player: String,
        /// Camps placed on the map, in the mine and on threat or boss cards.
        #[arg(long)]
        camps: u8,
        /// The journey points printed on each purchased artifact, e.g. 2,3,5.
        #[arg(long, value_delimiter = ',')]
        artifacts: Vec<i32>,
        /// Artifact cards still in hand.
        #[arg(long, default_value_t = 0)]
        unpurchased_artifacts: u8,
        /// The journey points of each threat or boss card taken; left out, from the records.
        #[arg(long, value_delimiter = ',')]
        threats: Option<Vec<i32>>,
        /// Bonuses written on artifact, treasure and world cards, added up.
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        card_bonuses: i32,
        #[arg(long, default_value_t = 0)]
        coins: u32,
        #[arg(long, default_value_t = 0)]
        gems: u32,
        #[arg(long, default_value_t = 0)]
        faction_tokens: u32,
        #[arg(long, default_value_t = 0)]
        chiefs: u8,
        #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
        reputation: i8,
        /// Treasure cards under pack birds or tortoises.
        #[arg(long, default_value_t = 0)]
        treasures: u8,
        /// Map 10: a camp on a mammoth space.
        #[arg(long)]
        mammoth_camp: bool,
        /// A card lets this player win ties.
        #[arg(long)]
        wins_ties: bool,
        #[arg(long)]
        json: bool,
    },
    /// Ends the session in play with the counts kept by score-player and writes each total
    /// on the cards; prints the same lines as `score`.
    FinishSession {
        #[arg(long)]
        campaign: String,
        /// Completed trade routes, as a score file's "trade_routes" list (docs/near-and-far.md).
        #[arg(long)]
        routes: Option<PathBuf>,
        /// The day at the table (YYYY-MM-DD); today when left out.
        #[arg(long, value_parser = table_day)]
        date: Option<NaiveDate>,
        #[arg(long)]
        json: bool,
    },
    /// A character's sheet: experience ledger, talents, keywords, side quests, journey points.
    Sheet {
        #[arg(long)]
        campaign: String,
        #[arg(long)]
        character: String,
        #[arg(long)]
        json: bool,
    },
    /// The session in play: quest tokens left, the active threat, threats and bosses taken
    /// by whom, bosses left, the town side, and what ends the game.
    Session {
        #[arg(long)]
        campaign: String,
        #[arg(long)]
        json: bool,
        /// After the text, print the rules digest entry each setup reminder cites.
        #[arg(long)]
        rules: bool,
    },
    /// Journey points per map per character (the chart's numbers).
    Chart {
        #[arg(long)]
        campaign: String,
        #[arg(long)]
        json: bool,
    },
    /// The storybook index.
    Index {
        #[command(subcommand)]
        command: IndexCommand,
    },
}

#[derive(Debug, Subcommand)]
pub enum IndexCommand {
    /// Validate every index file in DIR together.
    Check {
        dir: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Write the whole merged index (bundled and yours) to one file.
    Export {
        path: PathBuf,
        #[arg(long)]
        force: bool,
    },
    /// Merge an index file into yours after checking it against your index. Your entries are
    /// never overwritten: a quest entered differently is listed side by side and yours is kept,
    /// unless you name it with --keep-theirs.
    Import {
        path: PathBuf,
        /// Take the imported entry for this quest code instead of yours (repeatable).
        #[arg(long = "keep-theirs")]
        keep_theirs: Vec<String>,
    },
    /// Declare a character's quest letters (and first code) in your index, e.g.
    /// `--character Vera --letters V --first V1`; Character Mode entries for that character
    /// are then accepted.
    Letters {
        #[arg(long)]
        character: String,
        #[arg(long)]
        letters: String,
        #[arg(long)]
        first: Option<String>,
    },
    /// Delete one of your own entries from your index.
    Delete { code: String },
    /// Add one entry to your index, written as in an index file's "quests" list, e.g.
    /// `--entry '{"code":"42","choices":[{"label":"dig","test":{"skill":4}}]}' --map 3`.
    Add {
        #[arg(long)]
        entry: String,
        /// The map whose spaces show this code, when the index does not know it yet.
        #[arg(long)]
        map: Option<u8>,
    },
    /// Replace one of your own entries (same form as `add`).
    Edit {
        #[arg(long)]
        entry: String,
    },
    /// Put your index back as it was before its last change (repeatable).
    Undo,
}
