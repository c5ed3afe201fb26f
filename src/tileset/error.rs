//! Everything that can be wrong with a tile-set file.

use miette::{Diagnostic, SourceSpan};
use thiserror::Error;

/// A problem in a tile-set file. Every variant points at the YAML value it
/// is about.
#[derive(Debug, Error, Diagnostic)]
pub enum TilesetError {
    /// A key a tile set does not have (every one is reported).
    #[error("unknown key `{key}`")]
    #[diagnostic(code(carca::tileset::yaml), help("{help}"))]
    UnknownKey {
        /// The key.
        key: String,
        /// The nearest known key, and all of them.
        help: String,
        /// Where.
        #[label("not a key here")]
        span: SourceSpan,
    },

    /// A value of the wrong kind (`final: yes`, `at: 1,0`); every one is
    /// reported.
    #[error("{message}")]
    #[diagnostic(code(carca::tileset::yaml), help("{help}"))]
    WrongValue {
        /// What is written where what goes.
        message: String,
        /// How to write it.
        help: String,
        /// Where.
        #[label("not a value here")]
        span: SourceSpan,
    },

    /// The YAML could not be read into a tile set (syntax, unknown keys, types).
    #[error("not a valid tile set: {message}")]
    #[diagnostic(
        code(carca::tileset::yaml),
        help("see docs/tilesets.md for the keys a tile set may have and their types")
    )]
    Yaml {
        /// The parser's message.
        message: String,
        /// Where it stopped.
        #[label("here")]
        span: SourceSpan,
    },

    /// No built-in tile set has this name.
    #[error("there is no built-in tile set named `{name}`")]
    #[diagnostic(
        code(carca::tileset::unknown_set),
        help("built-in sets are {known}; anything else must be a path to a .yaml file")
    )]
    UnknownSet {
        /// The name given.
        name: String,
        /// The built-in names.
        known: String,
        /// Where it was named.
        #[label("unknown tile set")]
        span: SourceSpan,
    },

    /// The edge code does not have four letters.
    #[error("edge code `{code}` has {len} letters; it needs exactly 4 (N, E, S, W)")]
    #[diagnostic(
        code(carca::tileset::edge_code_length),
        help(
            "write one letter per edge, clockwise from north: C city, R road, F field, I river, A any"
        )
    )]
    EdgeCodeLength {
        /// The code as written.
        code: String,
        /// Its length in letters.
        len: usize,
        /// The code.
        #[label("4 letters expected")]
        span: SourceSpan,
    },

    /// A letter in the edge code is not an edge kind.
    #[error("`{letter}` is not an edge letter")]
    #[diagnostic(
        code(carca::tileset::edge_code_letter),
        help(
            "edge letters are C (city), R (road), F (field), I (river) and A (any, for abbey-like tiles), in capitals"
        )
    )]
    EdgeCodeLetter {
        /// The letter.
        letter: char,
        /// The letter in the code.
        #[label("unknown edge letter")]
        span: SourceSpan,
    },

    /// An edge whose code needs a feature has none.
    #[error("edge {edge} is a {kind} edge, but no {kind} of the tile reaches it")]
    #[diagnostic(
        code(carca::tileset::edge_uncovered),
        help("add edge {edge} to one of the tile's {kind} entries, or change the edge code")
    )]
    EdgeUncovered {
        /// The edge.
        edge: char,
        /// Its kind from the code.
        kind: &'static str,
        /// The edge code.
        #[label("edge {edge} says {kind}")]
        span: SourceSpan,
    },

    /// Two features claim the same edge.
    #[error("edge {edge} belongs to two {kind} features")]
    #[diagnostic(
        code(carca::tileset::edge_covered_twice),
        help(
            "an edge holds one city, road or river; merge the two entries or remove {edge} from one"
        )
    )]
    EdgeCoveredTwice {
        /// The edge.
        edge: char,
        /// The kind of the features.
        kind: &'static str,
        /// The second feature.
        #[label("second {kind} on edge {edge}")]
        span: SourceSpan,
    },

    /// A city's `shares` names an edge no other city of the tile holds.
    #[error("a city shares edge {edge}, but {why}")]
    #[diagnostic(
        code(carca::tileset::bad_shared_edge),
        help(
            "`shares` names a `C` edge that another city of the tile holds in its `edges`; one city may share it"
        )
    )]
    BadSharedEdge {
        /// The edge.
        edge: char,
        /// What is wrong.
        why: &'static str,
        /// The `shares` value.
        #[label("shared here")]
        span: SourceSpan,
    },

    /// A landmark that is not a named city without edges.
    #[error("this landmark {why}")]
    #[diagnostic(
        code(carca::tileset::bad_landmark),
        help(
            "a landmark is a city with a `name` and no `edges`, pennants, goods or modifiers: `{{ name: city, landmark: true }}`; fields say they touch it with `touches: [\"#city\"]`"
        )
    )]
    BadLandmark {
        /// What is wrong.
        why: &'static str,
        /// The city entry.
        #[label("this city")]
        span: SourceSpan,
    },

    /// A tile's `at`, or the set's start block, is wrong.
    #[error("{problem}")]
    #[diagnostic(
        code(carca::tileset::bad_start_block),
        help(
            "tiles that lie on the board from the start say `at: [x, y]`; they number 1 each, one lies at [0, 0], no two share a place, and such a set has no `start: true` tile"
        )
    )]
    BadStartBlock {
        /// What is wrong.
        problem: String,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },

    /// A feature lies on an edge of another kind.
    #[error("a {feature} cannot lie on edge {edge}, which the edge code says is {code}")]
    #[diagnostic(
        code(carca::tileset::edge_mismatch),
        help(
            "the edge code and the features must agree: change the letter for edge {edge} or the feature's edges"
        )
    )]
    EdgeMismatch {
        /// The edge.
        edge: char,
        /// The feature's kind.
        feature: &'static str,
        /// The edge kind from the code.
        code: &'static str,
        /// The feature's edges.
        #[label("{feature} on a {code} edge")]
        span: SourceSpan,
    },

    /// A field half-edge is in no field.
    #[error("half-edge {half} is in no field")]
    #[diagnostic(
        code(carca::tileset::half_uncovered),
        help(
            "every half-edge of a road, field or river edge belongs to exactly one field; add {half} to a field"
        )
    )]
    HalfUncovered {
        /// The half-edge.
        half: &'static str,
        /// The tile's fields.
        #[label("{half} missing from these fields")]
        span: SourceSpan,
    },

    /// A half-edge is in two fields.
    #[error("half-edge {half} is in two fields")]
    #[diagnostic(
        code(carca::tileset::half_covered_twice),
        help("a half-edge belongs to exactly one field; remove {half} from one of them")
    )]
    HalfCoveredTwice {
        /// The half-edge.
        half: &'static str,
        /// The second field.
        #[label("{half} already in another field")]
        span: SourceSpan,
    },

    /// A field lies on a half-edge of a city or any edge.
    #[error("a field cannot lie on {half}: edge {edge} is a {kind} edge")]
    #[diagnostic(
        code(carca::tileset::half_mismatch),
        help("fields lie on the halves of road, field and river edges only")
    )]
    HalfMismatch {
        /// The half-edge.
        half: &'static str,
        /// Its edge.
        edge: char,
        /// The edge's kind.
        kind: &'static str,
        /// The field's halves.
        #[label("{half} is not a field half-edge")]
        span: SourceSpan,
    },

    /// Two features would have to cross on the square.
    #[error("{first} and {second} cannot both be drawn without crossing")]
    #[diagnostic(
        code(carca::tileset::crossing),
        help(
            "join them inside the tile (for roads, `ends: village`), or change where they meet the edges"
        )
    )]
    Crossing {
        /// One feature.
        first: String,
        /// The other.
        second: String,
        /// The tile.
        #[label("these features cross")]
        span: SourceSpan,
    },

    /// A field spans two sides of a barrier.
    #[error("{field} reaches both sides of {barrier}")]
    #[diagnostic(
        code(carca::tileset::field_crosses),
        help(
            "a field cannot pass through a road, river or city: split it into one field per side"
        )
    )]
    FieldCrosses {
        /// The field's halves.
        field: String,
        /// What cuts it.
        barrier: String,
        /// The field's halves.
        #[label("cut in two by {barrier}")]
        span: SourceSpan,
    },

    /// Two fields would have to cross.
    #[error("{first} and {second} interleave around the tile, so they would cross")]
    #[diagnostic(
        code(carca::tileset::fields_cross),
        help("two separate fields cannot each reach half-edges that lie between the other's")
    )]
    FieldsCross {
        /// One field.
        first: String,
        /// The other.
        second: String,
        /// The second field.
        #[label("crosses {first}")]
        span: SourceSpan,
    },

    /// A field is said to touch a city it cannot reach.
    #[error("{field} cannot touch {city}")]
    #[diagnostic(
        code(carca::tileset::contact_impossible),
        help(
            "a field touches the cities whose walls bound it; remove `{reference}` from this field's `touches`"
        )
    )]
    ContactImpossible {
        /// The field.
        field: String,
        /// The city.
        city: String,
        /// How the file referred to it.
        reference: String,
        /// The reference.
        #[label("not next to this field")]
        span: SourceSpan,
    },

    /// A field does not list a city it touches.
    #[error("{field} touches {city}, but `touches` does not say so")]
    #[diagnostic(
        code(carca::tileset::contact_missing),
        help(
            "add `{reference}` to the field's `touches`: farms score the completed cities they touch"
        )
    )]
    ContactMissing {
        /// The field.
        field: String,
        /// The city.
        city: String,
        /// How to refer to the city.
        reference: String,
        /// The field.
        #[label("touches {city}")]
        span: SourceSpan,
    },

    /// A city inside the tile could lie in more than one field.
    #[error("cannot tell which field touches {city}, which meets no edge")]
    #[diagnostic(
        code(carca::tileset::contact_ambiguous),
        help(
            "spell out the tile's `fields`, with `touches` naming the city on the field around it"
        )
    )]
    ContactAmbiguous {
        /// The city.
        city: String,
        /// The city's entry.
        #[label("inner city")]
        span: SourceSpan,
    },

    /// Pennants on something that is not a city.
    #[error("pennants belong on cities, but this {kind} has pennants")]
    #[diagnostic(
        code(carca::tileset::pennant_outside_city),
        help("move the pennants to a city entry, or remove them")
    )]
    PennantOutsideCity {
        /// What holds them.
        kind: &'static str,
        /// The pennant count.
        #[label("pennants outside a city")]
        span: SourceSpan,
    },

    /// Tile-level pennants with several cities.
    #[error("the tile has {cities} cities, so tile-level `pennants` is ambiguous")]
    #[diagnostic(
        code(carca::tileset::pennant_ambiguous),
        help("list the cities under `cities:` and give `pennants` on the city that has them")
    )]
    PennantAmbiguous {
        /// Number of cities.
        cities: usize,
        /// The pennant count.
        #[label("which city?")]
        span: SourceSpan,
    },

    /// `symbol` or `symbols` names a symbol the set does not declare.
    #[error("`{name}` is not a symbol of this tile set")]
    #[diagnostic(code(carca::tileset::unknown_symbol), help("{help}"))]
    UnknownSymbol {
        /// The word written.
        name: String,
        /// The symbols there are, with a suggestion.
        help: String,
        /// The word.
        #[label("not a symbol")]
        span: SourceSpan,
    },

    /// `jcz_rot` is not a quarter turn.
    #[error("`jcz_rot` is not 0, 90, 180 or 270")]
    #[diagnostic(
        code(carca::tileset::bad_jcz_rotation),
        help(
            "give the clockwise rotation, in degrees, that turns JCloisterZone's orientation of the tile into this one"
        )
    )]
    BadJczRotation {
        /// The value.
        #[label("not a quarter turn")]
        span: SourceSpan,
    },

    /// A symbol the set declares that is no word, or declared twice.
    #[error("the symbol `{name}` cannot be declared: {why}")]
    #[diagnostic(
        code(carca::tileset::bad_symbol),
        help("declare each symbol once, as a word such as `volcano` or `hill`")
    )]
    BadSymbol {
        /// The word written.
        name: String,
        /// Why not.
        why: &'static str,
        /// The word.
        #[label("here")]
        span: SourceSpan,
    },

    /// The princess has no city, or no single city, to stand in.
    #[error("where the princess stands is not clear: {why}")]
    #[diagnostic(
        code(carca::tileset::princess_place),
        help(
            "give a tile with `symbol: princess` one city, or mark one of its cities with `princess: true`"
        )
    )]
    PrincessPlace {
        /// What is wrong.
        why: &'static str,
        /// The symbol (or the tile's id).
        #[label("which city?")]
        span: SourceSpan,
    },

    /// `goods` names no trade good.
    #[error("`{name}` is not a trade good")]
    #[diagnostic(code(carca::tileset::unknown_good), help("{help}"))]
    UnknownGood {
        /// The name written.
        name: String,
        /// The goods there are, with a suggestion.
        help: String,
        /// The name.
        #[label("not a good")]
        span: SourceSpan,
    },

    /// Tile-level `goods` on a tile without a city.
    #[error("goods belong in cities, but this tile has none")]
    #[diagnostic(
        code(carca::tileset::goods_outside_city),
        help("remove `goods`, or add the city that shows the symbol")
    )]
    GoodsOutsideCity {
        /// The goods entry.
        #[label("no city for this good")]
        span: SourceSpan,
    },

    /// Tile-level `goods` on a tile with several cities.
    #[error("the tile has {cities} cities, so tile-level `goods` is ambiguous")]
    #[diagnostic(
        code(carca::tileset::goods_ambiguous),
        help("list the cities under `cities:` and give `goods` on the city that shows the symbol")
    )]
    GoodsAmbiguous {
        /// Number of cities.
        cities: usize,
        /// The goods entry.
        #[label("which city?")]
        span: SourceSpan,
    },

    /// `with` names no modifier the set knows.
    #[error("`{name}` is not a modifier this tile set knows")]
    #[diagnostic(code(carca::tileset::unknown_modifier), help("{help}"))]
    UnknownModifier {
        /// The name written.
        name: String,
        /// Known names, with a suggestion.
        help: String,
        /// The name.
        #[label("unknown modifier")]
        span: SourceSpan,
    },

    /// A modifier on a feature of a kind it does not lie on.
    #[error("`{name}` lies on a {on}, but this feature is a {kind}")]
    #[diagnostic(
        code(carca::tileset::modifier_misplaced),
        help("put `{name}` in the `with` list of a {on}, or declare a modifier for {kind}s")
    )]
    ModifierMisplaced {
        /// The modifier.
        name: String,
        /// The kind it lies on.
        on: &'static str,
        /// The kind of the feature it was put on.
        kind: &'static str,
        /// The name.
        #[label("not on a {kind}")]
        span: SourceSpan,
    },

    /// A tile-level `with` on a tile with no feature, or several, of the
    /// modifier's kind.
    #[error("tile-level `with: [{name}]` needs exactly one {on} on the tile, and it has {count}")]
    #[diagnostic(
        code(carca::tileset::modifier_ambiguous),
        help("give `with` on the {on} entry that carries `{name}` (under `{list}:`)")
    )]
    ModifierAmbiguous {
        /// The modifier.
        name: String,
        /// The kind it lies on.
        on: &'static str,
        /// The list its features are written in: `roads`, `cities`.
        list: &'static str,
        /// How many features of that kind the tile has: "no city", "3 roads".
        count: String,
        /// The name.
        #[label("which {on}?")]
        span: SourceSpan,
    },

    /// `figures` names a figure carca does not know.
    #[error("`{key}` is not a figure a tile set can bring")]
    #[diagnostic(code(carca::tileset::bad_figure), help("{help}"))]
    BadFigure {
        /// The key written.
        key: String,
        /// The known figures.
        help: String,
        /// Its value.
        #[label("unknown figure")]
        span: SourceSpan,
    },

    /// A figure declaration that cannot be used.
    #[error("figure `{name}`: {problem}")]
    #[diagnostic(code(carca::tileset::bad_figure_kind), help("{help}"))]
    BadFigureKind {
        /// The name declared.
        name: String,
        /// What is wrong.
        problem: String,
        /// How to fix it.
        help: String,
        /// The declaration or the value.
        #[label("here")]
        span: SourceSpan,
    },

    /// A modifier declaration that cannot be used.
    #[error("modifier `{name}`: {problem}")]
    #[diagnostic(code(carca::tileset::bad_modifier), help("{help}"))]
    BadModifier {
        /// The name declared.
        name: String,
        /// What is wrong.
        problem: String,
        /// How to fix it.
        help: String,
        /// The declaration or the value.
        #[label("here")]
        span: SourceSpan,
    },

    /// A count, pennant number or modifier rate out of range.
    #[error("{what} is {value}; it must be between {min} and {max}")]
    #[diagnostic(code(carca::tileset::out_of_range))]
    OutOfRange {
        /// Which value.
        what: &'static str,
        /// What the value may be.
        #[help]
        help: &'static str,
        /// Its value.
        value: i64,
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
        /// The value.
        #[label("out of range")]
        span: SourceSpan,
    },

    /// Two tiles share an id.
    #[error("tile id `{id}` is used twice")]
    #[diagnostic(
        code(carca::tileset::duplicate_id),
        help("records name tiles by id, so ids must be unique within a set; rename one")
    )]
    DuplicateId {
        /// The id.
        id: String,
        /// The second use.
        #[label("second tile `{id}`")]
        span: SourceSpan,
        /// The first use.
        #[label("first used here")]
        first: SourceSpan,
    },

    /// An id that cannot be used in records.
    #[error("tile id `{id}` is not usable")]
    #[diagnostic(
        code(carca::tileset::bad_id),
        help("ids are 1 to 40 characters of letters, digits, `.`, `_` and `-`")
    )]
    BadId {
        /// The id.
        id: String,
        /// The id.
        #[label("bad id")]
        span: SourceSpan,
    },

    /// A stand-alone set without a start tile.
    #[error("tile set `{name}` has no start tile")]
    #[diagnostic(
        code(carca::tileset::no_start),
        help(
            "mark one tile `start: true`, or add `requires: [base]` if this set is an expansion played with another"
        )
    )]
    NoStart {
        /// The set's name.
        name: String,
        /// The set's name.
        #[label("no tile has `start: true`")]
        span: SourceSpan,
    },

    /// A flag given to more than one tile.
    #[error("more than one tile is marked `{flag}: true`")]
    #[diagnostic(
        code(carca::tileset::several_flagged),
        help("a set has at most one `{flag}` tile")
    )]
    SeveralFlagged {
        /// The flag.
        flag: &'static str,
        /// The second tile.
        #[label("second `{flag}` tile")]
        span: SourceSpan,
        /// The first tile.
        #[label("first here")]
        first: SourceSpan,
    },

    /// A tile that cannot lie next to any tile of the set.
    #[error("tile `{id}` ({code}) can never be placed: no tile of the set has a matching edge")]
    #[diagnostic(
        code(carca::tileset::unplaceable),
        help(
            "every tile needs some edge that matches an edge of another tile (or another copy of itself)"
        )
    )]
    Unplaceable {
        /// The tile id.
        id: String,
        /// Its edge code.
        code: String,
        /// The tile's edge code.
        #[label("matches nothing")]
        span: SourceSpan,
    },

    /// An id that a required set has too: records must say which is meant.
    #[error("tile `{id}` is also a tile of `{set}`, which this set requires")]
    #[diagnostic(
        code(carca::tileset::shadowed_id),
        severity(Warning),
        help(
            "a record that plays both sets must write `{set}/{id}` or `{name}/{id}` for this tile; a distinct id spares it that"
        )
    )]
    ShadowedId {
        /// The tile id.
        id: String,
        /// The required set that has it.
        set: String,
        /// This set's name.
        name: String,
        /// The id.
        #[label("also in `{set}`")]
        span: SourceSpan,
    },

    /// A road or river leaving by one edge without a said end.
    #[error("the {kind} on edge {edge} ends inside the tile, but where?")]
    #[diagnostic(
        code(carca::tileset::end_ambiguous),
        help(
            "write `{kinds}: [{{ edges: {edge}, ends: village }}]` (or `cloister`, `city`, `river`, `#name`)"
        )
    )]
    EndAmbiguous {
        /// Road or river.
        kind: &'static str,
        /// Its plural, the list key.
        kinds: &'static str,
        /// Its edge.
        edge: char,
        /// The tile's edge code or the entry.
        #[label("one {kind} edge")]
        span: SourceSpan,
    },

    /// An `ends` value that names nothing.
    #[error("`ends: {value}` names nothing on this tile")]
    #[diagnostic(code(carca::tileset::bad_end), help("{help}"))]
    BadEnd {
        /// The value.
        value: String,
        /// What would be accepted.
        help: String,
        /// The value.
        #[label("unknown end")]
        span: SourceSpan,
    },

    /// An edge list that does not parse.
    #[error("`{text}` is not a list of edges")]
    #[diagnostic(
        code(carca::tileset::bad_edges),
        help("name edges by N, E, S, W, each once, optionally separated: `N`, `N+W`, `W-E`")
    )]
    BadEdges {
        /// The text.
        text: String,
        /// The list.
        #[label("expected edge letters")]
        span: SourceSpan,
    },

    /// A half-edge list that does not parse.
    #[error("`{text}` is not a list of half-edges")]
    #[diagnostic(
        code(carca::tileset::bad_halves),
        help(
            "name half-edges NNE ENE ESE SSE SSW WSW WNW NNW, each once, separated by `+`, `,` or spaces"
        )
    )]
    BadHalves {
        /// The text.
        text: String,
        /// The list.
        #[label("expected half-edge names")]
        span: SourceSpan,
    },

    /// A river with more than two edges.
    #[error("a {kind} reaches {count} edges; it reaches one or two")]
    #[diagnostic(
        code(carca::tileset::bad_edge_count),
        help("for rivers that meet on the tile, write one entry per river, each with its `ends:`")
    )]
    BadEdgeCount {
        /// Road or river.
        kind: &'static str,
        /// Number of edges given.
        count: usize,
        /// The edges.
        #[label("{count} edges")]
        span: SourceSpan,
    },

    /// A feature with no place on the tile.
    #[error("this {kind} meets no edge and has no name")]
    #[diagnostic(
        code(carca::tileset::nowhere),
        help("give it `edges` (or `halves` for a field), or a `name` if it lies inside the tile")
    )]
    Nowhere {
        /// Its kind.
        kind: &'static str,
        /// The entry.
        #[label("where is it?")]
        span: SourceSpan,
    },

    /// A reference to a city that does not exist.
    #[error("`{reference}` names no city of this tile")]
    #[diagnostic(
        code(carca::tileset::unknown_city),
        help("refer to a city by one of its edges (`N`) or by its name (`#name`)")
    )]
    UnknownCity {
        /// The reference.
        reference: String,
        /// The reference.
        #[label("no such city")]
        span: SourceSpan,
    },

    /// Two features of one tile share a name.
    #[error("two features of this tile are named `{name}`")]
    #[diagnostic(
        code(carca::tileset::duplicate_name),
        help("names pick out one feature (`#{name}`); rename one of them")
    )]
    DuplicateName {
        /// The name.
        name: String,
        /// The second one.
        #[label("second `{name}`")]
        span: SourceSpan,
    },

    /// A key that does not apply to this kind of entry.
    #[error("`{key}` does not apply to a {kind}")]
    #[diagnostic(
        code(carca::tileset::misplaced_key),
        help("{kind} entries take: {allowed}")
    )]
    MisplacedKey {
        /// The key.
        key: &'static str,
        /// The entry's kind.
        kind: &'static str,
        /// The keys it takes.
        allowed: &'static str,
        /// The value.
        #[label("not a {kind} key")]
        span: SourceSpan,
    },

    /// A required set is not known.
    #[error("tile set `{name}` requires `{required}`, which is not a built-in set")]
    #[diagnostic(
        code(carca::tileset::unknown_requirement),
        help("`requires` names built-in sets ({known})")
    )]
    UnknownRequirement {
        /// This set.
        name: String,
        /// The requirement.
        required: String,
        /// The built-in names.
        known: String,
        /// The name.
        #[label("unknown set")]
        span: SourceSpan,
    },

    /// A set without tiles.
    #[error("tile set `{name}` has no tiles")]
    #[diagnostic(
        code(carca::tileset::empty),
        help("add at least one tile under `tiles:`")
    )]
    Empty {
        /// The set's name.
        name: String,
        /// The list.
        #[label("empty")]
        span: SourceSpan,
    },

    /// More tiles or tile types than carca accepts.
    #[error("the set has {value} {what}; carca accepts at most {limit}")]
    #[diagnostic(
        code(carca::tileset::too_large),
        help("tile sets this large are not games; split the set or lower the counts")
    )]
    TooLarge {
        /// What is counted.
        what: &'static str,
        /// How many.
        value: u64,
        /// The limit.
        limit: u64,
        /// The list.
        #[label("too many")]
        span: SourceSpan,
    },
}
