//! Rule violations and mismatches found while adjudicating a record. Each
//! points at the value in the record that breaks the rule.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A rule the record breaks, or a total that differs (exit code 1).
#[derive(Debug, Error, Diagnostic)]
pub enum Violation {
    /// A turn played by the wrong player.
    #[error(
        "turn {turn} is {expected}'s, but the record says {got}: scored as {got}'s turn; the turn order continues from {got}"
    )]
    #[diagnostic(
        code(carca::rules::turn_order),
        help(
            "players take turns in the order of `players`; after a discard the same player draws again"
        )
    )]
    TurnOrder {
        /// Entry number.
        turn: usize,
        /// Whose turn it was.
        expected: String,
        /// Who the record says.
        got: String,
        /// The `player` value.
        #[label("expected {expected}")]
        span: SourceSpan,
    },

    /// A tile placed on an occupied position.
    #[error("{pos} already holds tile {id}{placed}")]
    #[diagnostic(
        code(carca::rules::occupied_position),
        help("each position holds one tile; this placement is ignored")
    )]
    OccupiedPosition {
        /// The position.
        pos: String,
        /// The tile there.
        id: String,
        /// " (placed on turn N)" or "".
        placed: String,
        /// The position.
        #[label("occupied")]
        span: SourceSpan,
    },

    /// A tile touching no tile along an edge.
    #[error("tile {id} at {pos} touches no tile along an edge{corner}")]
    #[diagnostic(
        code(carca::rules::no_contact),
        help("a tile must share at least one edge with a placed tile; corners connect nothing")
    )]
    NoContact {
        /// The tile.
        id: String,
        /// The position.
        pos: String,
        /// ", only at a corner" or "".
        corner: &'static str,
        /// The position.
        #[label("no neighbour along an edge")]
        span: SourceSpan,
    },

    /// An edge that does not match its neighbour.
    #[error("the {edge} edge of {id} ({ours}) meets {neighbour} at {at} ({theirs})")]
    #[diagnostic(
        code(carca::rules::edge_mismatch),
        help(
            "touching edges must match: city to city, road to road, field to field, river to river; {fits}"
        )
    )]
    EdgeMismatch {
        /// Which rotations of the tile would fit there, in words.
        fits: String,
        /// The new tile.
        id: String,
        /// Its edge (board orientation).
        edge: char,
        /// Its kind.
        ours: &'static str,
        /// The neighbour.
        neighbour: String,
        /// Where.
        at: String,
        /// Its kind.
        theirs: &'static str,
        /// The position.
        #[label("{edge} edge does not match")]
        span: SourceSpan,
    },

    /// A hole-only tile placed where a neighbour is missing.
    #[error("{id} may only be placed into a hole, but {pos} has no neighbour to the {empty}")]
    #[diagnostic(
        code(carca::rules::not_a_hole),
        help("the abbey goes only where all four neighbours are tiles")
    )]
    NotAHole {
        /// The tile.
        id: String,
        /// The position.
        pos: String,
        /// The empty sides.
        empty: String,
        /// The position.
        #[label("not a hole")]
        span: SourceSpan,
    },

    /// No tile of that type left.
    #[error("no {id} is left: the tile sets hold {count}{start}")]
    #[diagnostic(
        code(carca::rules::supply),
        help("check the tile id; every tile is drawn at most as often as the set holds it")
    )]
    Supply {
        /// The tile.
        id: String,
        /// How many the sets hold.
        count: u32,
        /// ", the start tile included" or "".
        start: &'static str,
        /// The tile id.
        #[label("none left")]
        span: SourceSpan,
    },

    /// A player without an abbey placing one.
    #[error("{player} has no {id} left to place")]
    #[diagnostic(
        code(carca::rules::no_abbey),
        help("each player has {count} of these for the whole game")
    )]
    NoAbbey {
        /// The player.
        player: String,
        /// The tile.
        id: String,
        /// Per player.
        count: u32,
        /// The tile id.
        #[label("already placed")]
        span: SourceSpan,
    },

    /// A discarded tile that fitted somewhere.
    #[error("{id} was discarded, but it fits {count} place{s}: {places}")]
    #[diagnostic(
        code(carca::rules::discard_fits),
        help("only a tile that fits nowhere may be discarded")
    )]
    DiscardFits {
        /// The tile.
        id: String,
        /// How many placements.
        count: usize,
        /// Plural s.
        s: &'static str,
        /// Some of them.
        places: String,
        /// The tile id.
        #[label("this tile fits")]
        span: SourceSpan,
    },

    /// A follower deployed with none in supply.
    #[error("{player} has no follower left to deploy: the turn is scored without one")]
    #[diagnostic(
        code(carca::rules::no_follower),
        help("followers come back when their feature is scored; farmers never do")
    )]
    NoFollower {
        /// The player.
        player: String,
        /// The location.
        #[label("no follower in supply")]
        span: SourceSpan,
    },

    /// A special figure the player does not have (any more).
    #[error(
        "{player} has no {figure} follower left to deploy: the deployment is void and {player}'s supply is unchanged"
    )]
    #[diagnostic(
        code(carca::rules::no_figure),
        help(
            "the ruleset gives each player {count} of this figure (`[figures]` in the ruleset, or the tile sets in play); figures come back when their feature is scored"
        )
    )]
    NoFigure {
        /// The player.
        player: String,
        /// The figure's word.
        figure: &'static str,
        /// How many each player has.
        count: u32,
        /// The location.
        #[label("none in supply")]
        span: SourceSpan,
    },

    /// A follower on the river.
    #[error("followers may not stand on the river: the follower stays in {player}'s supply")]
    #[diagnostic(
        code(carca::rules::follower_on_river),
        help("deploy on the tile's road, city, field or cloister instead")
    )]
    FollowerOnRiver {
        /// The player.
        player: String,
        /// The location.
        #[label("this is the river")]
        span: SourceSpan,
    },

    /// A follower on a feature that already holds one.
    #[error("the {kind} here already holds {by}: the follower stays in {player}'s supply")]
    #[diagnostic(
        code(carca::rules::feature_occupied),
        help(
            "a follower may not join a feature that holds any follower, however far away, the player's own included"
        )
    )]
    FeatureOccupied {
        /// The player deploying.
        player: String,
        /// The feature's kind.
        kind: &'static str,
        /// Who stands where.
        by: String,
        /// The location.
        #[label("already occupied")]
        span: SourceSpan,
    },

    /// A non-river tile before the river is done.
    #[error("{id} is placed while {remaining} river tile{s} remain; the river is played first")]
    #[diagnostic(
        code(carca::rules::river_first),
        help("all river tiles are placed before any other tile")
    )]
    RiverFirst {
        /// The tile.
        id: String,
        /// River tiles left.
        remaining: u32,
        /// Plural s.
        s: &'static str,
        /// The tile id.
        #[label("river not finished")]
        span: SourceSpan,
    },

    /// The lake before the other river tiles.
    #[error("{id} ends the river, but {remaining} other river tile{s} remain")]
    #[diagnostic(
        code(carca::rules::river_last),
        help("the lake is placed after every other river tile")
    )]
    RiverLast {
        /// The tile.
        id: String,
        /// Others left.
        remaining: u32,
        /// Plural s.
        s: &'static str,
        /// The tile id.
        #[label("placed too early")]
        span: SourceSpan,
    },

    /// A river tile that does not continue the river.
    #[error("{id} does not continue the river, which goes on at {expected}")]
    #[diagnostic(
        code(carca::rules::river_continue),
        help(
            "each river tile is placed where the river flows on, its river joining the river's open end"
        )
    )]
    RiverContinue {
        /// The tile.
        id: String,
        /// Where the river goes on.
        expected: String,
        /// The position.
        #[label("not at the river's end")]
        span: SourceSpan,
    },

    /// Two river curves one right after the other turning the same way.
    #[error("the river turns {direction} twice in a row: a U-turn")]
    #[diagnostic(
        code(carca::rules::river_u_turn),
        help(
            "right after a {direction} turn the river must run straight or turn the other way; rotate this tile"
        )
    )]
    RiverUTurn {
        /// Left or right.
        direction: &'static str,
        /// The rotation or position.
        #[label("second {direction} turn")]
        span: SourceSpan,
    },

    /// A turn after the game ended.
    #[error("the game ended on turn {ended}; turn {turn} comes after it")]
    #[diagnostic(code(carca::rules::game_over), help("{help}"))]
    GameOver {
        /// The turn that ended it.
        ended: usize,
        /// This turn.
        turn: usize,
        /// Why, and what would be allowed.
        help: String,
        /// The turn.
        #[label("after the end")]
        span: SourceSpan,
    },

    /// An abbey placed out of order in the final round.
    #[error("{got} places an abbey out of turn in the final round; next could be {expected}")]
    #[diagnostic(
        code(carca::rules::final_round_order),
        help(
            "the final abbey round goes clockwise from the player after the one who placed the last tile, ending with that player"
        )
    )]
    FinalRoundOrder {
        /// The player named.
        got: String,
        /// Who could be next.
        expected: String,
        /// The turn.
        #[label("out of order")]
        span: SourceSpan,
    },

    /// A snapshot tile connected to nothing.
    #[error("tile {id} at {pos} is not connected to the start tile")]
    #[diagnostic(
        code(carca::rules::disconnected),
        help("every tile on the table shares an edge with the rest of the board")
    )]
    Disconnected {
        /// The tile.
        id: String,
        /// Where.
        pos: String,
        /// The entry.
        #[label("cut off")]
        span: SourceSpan,
    },

    /// More followers on the table than a player has.
    #[error("{player} has {count} followers on the table but only {max} in all")]
    #[diagnostic(
        code(carca::rules::too_many_followers),
        help("the ruleset gives each player {max} followers")
    )]
    TooManyFollowers {
        /// The player.
        player: String,
        /// On the table.
        count: usize,
        /// In all.
        max: u32,
        /// The extra follower.
        #[label("one too many")]
        span: SourceSpan,
    },

    /// Two followers on one spot in a snapshot.
    #[error("two followers stand on the same {kind} of tile {pos}")]
    #[diagnostic(
        code(carca::rules::same_spot),
        help(
            "one follower per feature of a tile; followers on one feature came from different tiles"
        )
    )]
    SameSpot {
        /// Kind.
        kind: &'static str,
        /// Where.
        pos: String,
        /// The second one.
        #[label("second follower here")]
        span: SourceSpan,
    },

    /// A written-down total that differs.
    #[error("{player} claims {claimed} points, but the game scores {computed} under {ruleset}")]
    #[diagnostic(code(carca::score::claim_mismatch), help("{explanation}"))]
    ClaimMismatch {
        /// The player.
        player: String,
        /// Claimed.
        claimed: i64,
        /// Computed.
        computed: i64,
        /// The ruleset.
        ruleset: String,
        /// Where the points come from.
        explanation: String,
        /// The claim.
        #[label("differs by {difference}")]
        span: SourceSpan,
        /// Computed minus claimed, signed.
        difference: String,
    },

    /// An expected total that differs.
    #[error(
        "expected {expected} points for {player} under {ruleset}, but the game scores {computed}"
    )]
    #[diagnostic(code(carca::score::expect_mismatch), help("{explanation}"))]
    ExpectMismatch {
        /// The player.
        player: String,
        /// Expected.
        expected: i64,
        /// Computed.
        computed: i64,
        /// The ruleset.
        ruleset: String,
        /// Where the points come from.
        explanation: String,
        /// The expected value.
        #[label("differs by {difference}")]
        span: SourceSpan,
        /// Computed minus expected, signed.
        difference: String,
    },

    /// An expected player missing from an `expect` block.
    #[error("`expect` for {ruleset} gives no total for {player}, who scores {computed}")]
    #[diagnostic(
        code(carca::score::expect_missing),
        help("list every player in each `expect` block")
    )]
    ExpectMissing {
        /// The player.
        player: String,
        /// The ruleset.
        ruleset: String,
        /// Computed.
        computed: i64,
        /// The block.
        #[label("no total for {player}")]
        span: SourceSpan,
    },
}
