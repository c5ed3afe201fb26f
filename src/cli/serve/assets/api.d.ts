// The types of what `carca serve` answers, written by tests/browser/api-types.mjs
// from `carca schema KIND`: do not edit; run it again when a schema changes.
// Each namespace holds an answer (`Answer`) and the types it is made of.

export declare namespace Board {
  /**
   * What `POST /api/position` of `carca serve` answers: the board at a
   * moment of a record, as the page draws it.
   */
  export interface Answer {
    /**
     * The players, in turn order, with their colours.
     */
    players: BoardPlayerJson[];
    /**
     * `history` or `snapshot`.
     */
    mode: string;
    /**
     * The record's turns (a history), or null.
     */
    turns?: number | null;
    /**
     * Turns played before this moment.
     */
    turns_played: number;
    /**
     * The player to move.
     */
    to_play?: string | null;
    /**
     * The game is over at this moment.
     */
    ended: boolean;
    /**
     * The final round is on.
     */
    final_round: boolean;
    /**
     * The followers the player to move has that any free spot takes.
     */
    figures_available: string[];
    /**
     * The figures of the sets in play, with each player's supply.
     */
    figure_kinds: FigureKindJson[];
    /**
     * Every tile on the board, with its spots.
     */
    tiles: BoardTileJson[];
    /**
     * Every figure on the board.
     */
    figures: BoardFigureJson[];
    /**
     * Figures the record deploys that the rules refused (the whole
     * record's).
     */
    refused: RefusedFigureJson[];
    /**
     * Positions of placements that broke a rule (the whole record's).
     */
    marks: [number, number][];
    /**
     * Every tile type in play, with how many are left.
     */
    palette: PaletteTileJson[];
    /**
     * The tile sets in play.
     */
    sets: BoardSetJson[];
    /**
     * With `pictures=1`: the SVG of each tile of a set sent with the
     * record, by id.
     */
    pictures?: KeyedString | null;
    /**
     * Stacks of pieces on tiles (towers), with the figure on top.
     */
    stacks: BoardStackJson[];
    /**
     * The record keys of the acts the mechanics in play take on a turn
     * besides a deployment (`tower`, `capture`, `ransom`, `fairy`,
     * `princess`, `dragon`; `portal` for a follower sent to another tile),
     * for the page's controls.
     */
    act_keys: string[];
    /**
     * The acts the page records on the last turn of a history, of the
     * mechanics in play, in the order its menu lists them.
     */
    acts: PageActJson[];
    /**
     * Figures players hold of one another's (prisoners).
     */
    held: HeldJson[];
    /**
     * Neutral figures on the board (the dragon, the fairy).
     */
    neutrals: NeutralJson[];
    /**
     * What mechanics keep on tiles (a castle, a flock, the Count).
     */
    badges: BadgeJson[];
  }
  /**
   * A player as the page draws them.
   */
  export interface BoardPlayerJson {
    /**
     * The name.
     */
    name: string;
    /**
     * A colour of the Okabe–Ito palette (CSS).
     */
    colour: string;
    /**
     * The mark that stands for them where there is no colour.
     */
    mark: string;
  }
  /**
   * A figure of the sets in play.
   */
  export interface FigureKindJson {
    /**
     * Its word.
     */
    name: string;
    /**
     * It stands beside its owner's follower.
     */
    companion: boolean;
    /**
     * The kinds of feature it stands on.
     */
    stands: string[];
    /**
     * It stands on a corner point where four tiles meet (the barn), named
     * `NE`, `SE`, `SW` or `NW` of a tile, not on a feature.
     */
    corner: boolean;
    /**
     * A turn's scoring may send it home and the record move it on at
     * once, under its word as a key (the wagon: `wagon:`).
     */
    moves: boolean;
    /**
     * Each player's supply under the ruleset.
     */
    supply: number;
  }
  /**
   * A tile on the board.
   */
  export interface BoardTileJson {
    /**
     * Its id.
     */
    tile: string;
    /**
     * Where: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * How it is turned, in degrees clockwise.
     */
    rot: number;
    /**
     * The turn that placed it (null: the start tile, a snapshot).
     */
    turn?: number | null;
    /**
     * Its spots.
     */
    spots: BoardSpotJson[];
    /**
     * It has a tower foundation (The Tower); left out when not.
     */
    tower?: boolean;
  }
  /**
   * A spot of a tile on the board.
   */
  export interface BoardSpotJson {
    /**
     * Its location, in board orientation.
     */
    location: string;
    /**
     * The kind of feature.
     */
    kind: string;
    /**
     * The feature it belongs to, as events name it.
     */
    feature?: string | null;
    /**
     * Where a figure stands on the tile's square (0 to 100, north up).
     *
     * @minItems 2
     * @maxItems 2
     */
    point: [number, number];
  }
  /**
   * A figure on the board.
   */
  export interface BoardFigureJson {
    /**
     * Its owner.
     */
    player?: string | null;
    /**
     * The figure's word.
     */
    figure: string;
    /**
     * The tile it stands on.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Its location on that tile.
     */
    location: string;
    /**
     * Where it stands on the tile's square.
     *
     * @minItems 2
     * @maxItems 2
     */
    point: [number, number];
  }
  /**
   * A figure the rules refused.
   */
  export interface RefusedFigureJson {
    /**
     * Its owner.
     */
    player?: string | null;
    /**
     * The tile the record put it on.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Its location on that tile.
     */
    location: string;
    /**
     * Where it would stand on the tile's square.
     *
     * @minItems 2
     * @maxItems 2
     */
    point: [number, number];
  }
  /**
   * A tile type in play.
   */
  export interface PaletteTileJson {
    /**
     * Its id.
     */
    tile: string;
    /**
     * Its set.
     */
    set?: string | null;
    /**
     * How many the set has (per player for a player's own tile).
     */
    count: number;
    /**
     * How many are left to the player to move.
     */
    left: number;
    /**
     * Each player has their own (the abbey).
     */
    per_player: boolean;
  }
  /**
   * A tile set in play.
   */
  export interface BoardSetJson {
    /**
     * Its name.
     */
    name: string;
    /**
     * A built-in set (its tiles are drawn by the server).
     */
    builtin: boolean;
  }
  /**
   * Keyed by names given at run time (rulesets, players), in their order.
   */
  export interface KeyedString {
    [k: string]: string | undefined;
  }
  /**
   * A stack of pieces on a tile (a tower).
   */
  export interface BoardStackJson {
    /**
     * The tile: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * How many pieces.
     */
    height: number;
    /**
     * The player whose figure stands on top, or null.
     */
    player?: string | null;
    /**
     * That figure's word, or null.
     */
    figure?: string | null;
  }
  /**
   * An act the page records on the last turn, and what the player clicks
   * to make it.
   */
  export interface PageActJson {
    /**
     * Its name in the figure menu's value (`act:NAME`).
     */
    name: string;
    /**
     * The record key it writes on the turn.
     */
    writes: string;
    /**
     * The menu's words.
     */
    menu: string;
    /**
     * The hint while it is chosen.
     */
    hint: string;
    /**
     * What the player clicks: `tile` (`{ at }`), `spot` (`{ at, spot }`),
     * `player` (`{ FIELD: name }`), `step` (a direction added to a list),
     * `none` (choosing it in the menu writes its fixed fields), or `form`
     * (entries of a list, each filled in on a form).
     */
    pick: string;
    /**
     * With `spot`: the owner of the figure there is written (`player`).
     */
    owner: boolean;
    /**
     * With `spot`: the figure there is written (`figure`), when not a
     * follower.
     */
    figure: boolean;
    /**
     * With `spot`: a click on a tile whose stack has a figure on top
     * picks that figure, written at this spot.
     */
    top?: string | null;
    /**
     * With `player`: the field the name is written under.
     */
    field?: string | null;
    /**
     * With `step`: the neutral figure that steps.
     */
    neutral?: string | null;
    /**
     * With `form`: its fields, in order; each entry filled in is added
     * to the list the act writes (`field` names what the turn list says
     * of an entry).
     */
    form: FormFieldJson[];
    /**
     * Fields written with every value: a word, a number or a boolean.
     */
    fixed: {
      [k: string]: unknown | undefined;
    };
    /**
     * Whether it takes the turn's `figure` away.
     */
    clears_figure: boolean;
    /**
     * How the turn list says it, before what it names; empty: not said
     * apart (a follower's place is said with the turn's figure).
     */
    summary: string;
  }
  /**
   * A field of a page act's form.
   */
  export interface FormFieldJson {
    /**
     * The key it writes in each entry.
     */
    name: string;
    /**
     * Its label on the form.
     */
    label: string;
    /**
     * What it holds: `tile` (a tile id, of the tiles left), `player` (a
     * player's name), `amounts` (a number for each of any of the players,
     * `{ P: n }`) or `flag` (`true`, or nothing).
     */
    kind: "tile" | "player" | "amounts" | "flag";
  }
  /**
   * A figure one player holds of another's.
   */
  export interface HeldJson {
    /**
     * The player who holds it.
     */
    by: string;
    /**
     * Its owner.
     */
    owner: string;
    /**
     * Which figure.
     */
    figure: string;
  }
  /**
   * A neutral figure on the board.
   */
  export interface NeutralJson {
    /**
     * Its word (`dragon`, `fairy`).
     */
    name: string;
    /**
     * The tile it stands on: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * The follower it stands beside: its tile, spot and owner, or null.
     */
    beside?: TakeJson | null;
  }
  /**
   * A follower a tower may take.
   */
  export interface TakeJson {
    /**
     * Its tile: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Where on it (`tower`: on top of a tower).
     */
    spot: string;
    /**
     * Its owner.
     */
    player: string;
    /**
     * Which figure.
     */
    figure: string;
  }
  /**
   * Something a mechanic keeps on a tile (a castle, a flock, the Count).
   */
  export interface BadgeJson {
    /**
     * The tile: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * What it says (`castle`, `5 sheep`, `Count: market`).
     */
    label: string;
    /**
     * Whose it is, or null.
     */
    player?: string | null;
  }
}

export declare namespace Score {
  /**
   * What `carca score --format json` prints for one record: its result, or
   * why it could not be read.
   */
  export type Answer = ScoreJson | UnreadableJson;
  /**
   * One award of an event: which rule, and the parts the points are made of
   * (points = Σ count × rate).
   */
  export type AwardJson =
    | {
        /**
         * `complete`, `unfinished` or `small_city`.
         */
        rule: string;
        /**
         * The modifier that set the rates (an inn, a cathedral), or null.
         */
        present?: string | null;
        /**
         * Tiles, then counted modifiers.
         */
        parts: PartJson[];
      }
    | {
        /**
         * `nothing`.
         */
        rule: string;
        /**
         * `incomplete_features`, or the modifier whose unfinished rate is 0.
         */
        because: string;
      }
    | {
        /**
         * `second_edition` or `third_edition`.
         */
        rule: string;
        /**
         * The completed cities paid for.
         */
        parts: PartJson[];
        /**
         * Cities already paid to this player through another farm.
         */
        already_paid: number;
      }
    | {
        /**
         * `first_edition`.
         */
        rule: string;
        /**
         * The city's pay.
         */
        parts: PartJson[];
        /**
         * The farms around the city.
         */
        supplied_by: string[];
      }
    | {
        /**
         * `complete`, `unfinished`, `first_edition`, `goods_taken`,
         * `goods_majority`, or a mechanic's rule: `barn_placed`,
         * `barn_connected`, `barn`.
         */
        rule: string;
        /**
         * The tiles of the cloister's 3×3, a good's majority, or none.
         */
        parts: PartJson[];
      };
  /**
   * Something that happened without points.
   */
  export type NoteJson = NoteJson1 & {
    /**
     * The turn (entry of `turns`) it happened on; 0: at the end, before
     * the final scoring.
     */
    turn: number;
    /**
     * The player it happened to.
     */
    player: string;
    /**
     * In words, as the text report says it.
     */
    text: string;
  };
  export type NoteJson1 =
    | {
        note: "second_turn";
        /**
         * The road or city that earned it.
         */
        feature: string;
        /**
         * The entry of `turns` that took it, or null.
         */
        taken?: number | null;
      }
    | {
        note: "moved";
        /**
         * The figure's word.
         */
        figure: string;
        /**
         * The tile it stood on: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        from: [number, number];
        /**
         * The tile it stands on now: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * Where on that tile (board orientation).
         */
        spot: string;
        /**
         * The feature it joined.
         */
        feature: string;
      }
    | {
        note: "stayed";
        /**
         * The figure's word.
         */
        figure: string;
        /**
         * The tile it stood on: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        from: [number, number];
        /**
         * It had somewhere to go (the record moves it nowhere); false: it
         * had nowhere to go.
         */
        could: boolean;
        /**
         * Where it could have gone (empty when nowhere): tiles and spots,
         * north to south.
         */
        to: SpotAtJson[];
      }
    | {
        note: "went_home";
        /**
         * The tile they stood on: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * The figures that went home.
         */
        gone: GoneJson[];
      }
    | (TowerNoteJson | DragonNoteJson | BcbNoteJson | SheepNoteJson | CocNoteJson);
  /**
   * The Tower's notes in `carca score --format json`.
   */
  export type TowerNoteJson =
    | {
        note: "tower_piece";
        /**
         * The tower's tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * Its height now.
         */
        height: number;
      }
    | {
        note: "on_tower";
        /**
         * The figure's word.
         */
        figure: string;
        /**
         * The tower's tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
      }
    | {
        note: "captured";
        /**
         * The figure's word.
         */
        figure: string;
        /**
         * Its owner.
         */
        owner: string;
        /**
         * Its tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * Where on it (`tower`: the top of a tower).
         */
        spot: string;
        /**
         * It went home (its owner's own, or exchanged); false: the
         * player of the note holds it.
         */
        home: boolean;
        /**
         * Its owner's figures beside it that went home with it (a
         * builder, a pig).
         */
        with: string[];
      }
    | {
        note: "exchanged";
        /**
         * The word of the follower that came back.
         */
        figure: string;
        /**
         * The player who held it.
         */
        from: string;
      }
    | {
        note: "ransomed";
        /**
         * The figure's word.
         */
        figure: string;
        /**
         * The player paid, who held it.
         */
        from: string;
        /**
         * The points paid.
         */
        points: number;
      };
  /**
   * The dragon's, the fairy's and the princess's notes in `carca score --format json`.
   */
  export type DragonNoteJson =
    | {
        note: "dragon_arrived";
        /**
         * The volcano's tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
      }
    | {
        note: "dragon_flew";
        /**
         * The tile it started from: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        from: [number, number];
        /**
         * Its steps, in order.
         */
        steps: StepJson[];
        /**
         * It could not go on where it stopped before its sixth step (a
         * dead end).
         */
        stuck: boolean;
        /**
         * A step the record lists was refused (see the diagnostics), and
         * the dragon stopped before it.
         */
        refused: boolean;
      }
    | {
        note: "fairy_moved";
        /**
         * The tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * The follower it stands beside (the player's): its word and
         * spot, or null when it stands on the tile.
         */
        beside?: FigureAtJson | null;
      }
    | {
        note: "sent_home";
        /**
         * The tile it stood on: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * The figures that went home (the follower first).
         */
        gone: GoneJson[];
      };
  /**
   * The notes of Bridges, Castles & Bazaars in `carca score --format json`.
   */
  export type BcbNoteJson =
    | {
        note: "bridge";
        /**
         * Its tile, `[x, y]`.
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * `NS` or `WE`.
         */
        span: string;
      }
    | {
        note: "castle";
        /**
         * Its owner (the follower in it).
         */
        owner: string;
        /**
         * Its two tiles, `[x, y]`.
         *
         * @minItems 2
         * @maxItems 2
         */
        tiles: [[number, number], [number, number]];
        /**
         * The city it was made from, by name.
         */
        city: string;
      }
    | {
        note: "castle_unscored";
        /**
         * Its owner.
         */
        owner: string;
        /**
         * Its two tiles, `[x, y]`.
         *
         * @minItems 2
         * @maxItems 2
         */
        tiles: [[number, number], [number, number]];
      }
    | {
        note: "bazaar";
        /**
         * The tiles.
         */
        tiles: SoldJson[];
      }
    | {
        note: "auction_owed";
        /**
         * How many tiles it deals (one per player).
         */
        tiles: number;
        /**
         * Who chooses first.
         */
        chooser: string;
        /**
         * The tiles left in the supply to draw them from, each with how
         * many are left: the tiles the players may bid on.
         */
        supply: LeftJson[];
      };
  /**
   * The notes of Hills & Sheep in `carca score --format json`.
   */
  export type SheepNoteJson =
    | {
        note: "flock_draw";
        /**
         * The shepherd's tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * The token: 1 to 4 sheep, or `"wolf"`.
         */
        sheep: {
          [k: string]: unknown | undefined;
        };
        /**
         * With the wolf: the owners of the shepherds it sent home.
         */
        home?: string[] | null;
      }
    | {
        note: "flock";
        /**
         * The field.
         */
        feature: string;
        flock: FlockJson;
        /**
         * The players who scored it.
         */
        players: string[];
      }
    | {
        note: "hill";
        /**
         * The hill's tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        hill: [number, number];
      };
  /**
   * A note of The Count of Carcassonne in `carca score --format json`.
   */
  export type CocNoteJson = {
    note: "coc";
    /**
     * What moved.
     */
    coc: "enter" | "leave" | "final-leave" | "count";
    /**
     * The quarter entered or left; for the Count, the one it left.
     */
    quarter: "castle" | "blacksmith" | "cathedral" | "market";
    /**
     * Where it went: a feature's name, or (the Count) a quarter.
     */
    to?: string | null;
    /**
     * The figure, when not a normal follower.
     */
    figure?: string | null;
  };

  /**
   * The record was adjudicated.
   */
  export interface ScoreJson {
    /**
     * The record, as named on the command line.
     */
    record: string;
    ruleset: Ruleset;
    /**
     * The players, in turn order.
     */
    players: string[];
    /**
     * The game is over (final scoring ran).
     */
    ended: boolean;
    /**
     * Tiles on the board.
     */
    tiles: number;
    totals: PerPlayer;
    /**
     * The winners under the ruleset's tie rule (none while in progress).
     */
    winners: string[];
    /**
     * Every scoring, in order.
     */
    events: EventJson[];
    /**
     * Second turns that builders earned (Traders & Builders); left out
     * when there are none.
     */
    double_turns?: DoubleTurnJson[];
    /**
     * What happened without points, in order (a second turn earned, a wagon moved on or stayed home);
     * left out when nothing did.
     */
    notes?: NoteJson[];
    /**
     * For a game in progress: what final scoring would add now.
     */
    preview?: PreviewJson | null;
    /**
     * Every diagnostic.
     */
    diagnostics: DiagnosticJson[];
    /**
     * For a record with `claims`: whether they were compared.
     */
    claims?: ClaimsJson | null;
  }
  /**
   * The ruleset it was scored under.
   */
  export interface Ruleset {
    name: string;
    /**
     * Per-player counts of special figures. Default: what the tile sets in play bring, 0 otherwise.
     */
    figures: {
      /**
       * Big followers per player (Inns & Cathedrals: 1).
       */
      big?: number;
      /**
       * Builders per player (Traders & Builders: 1).
       */
      builder?: number;
      /**
       * Pigs per player (Traders & Builders: 1).
       */
      pig?: number;
      /**
       * Mayors per player (Abbey & Mayor: 1); a mayor counts as many followers as its city has pennants.
       */
      mayor?: number;
      /**
       * Wagons per player (Abbey & Mayor: 1).
       */
      wagon?: number;
      /**
       * Barns per player (Abbey & Mayor: 1).
       */
      barn?: number;
      /**
       * Tower pieces per player (The Tower; default by the number of players: 2 → 10, 3 → 9, 4 → 7, 5 → 6, 6 → 5).
       */
      tower?: number;
      /**
       * Bridges per player (Bridges, Castles & Bazaars; default 3 with up to four players, 2 with five or more).
       */
      bridge?: number;
      /**
       * Castles per player (Bridges, Castles & Bazaars; default 3 with up to four players, 2 with five or more).
       */
      castle?: number;
      /**
       * The count of a figure a tile set in play declares.
       */
      [k: string]: number | undefined;
    };
    /**
     * A completed city of exactly two tiles scores `points.small_city` per tile and per pennant instead of the usual rates.
     */
    small_city: boolean;
    /**
     * Farm scoring edition: 2000 (`first`), 2001 (`second`) or current (`third`).
     */
    farm_scoring: "first" | "second" | "third";
    /**
     * Whether players holding an abbey may place it in one final round after the last land tile.
     */
    end_game_abbey: "final-round" | "none";
    /**
     * `none`: unfinished roads, cities and cloisters score nothing at the end.
     */
    incomplete_features: "score" | "none";
    /**
     * Followers each player has (7).
     */
    followers: number;
    /**
     * How a road with an inn and a city with a cathedral score when unfinished at the end: `zero` (the printed rule) or `normal` (as if they had none; a house rule).
     */
    inn_cathedral_incomplete: "zero" | "normal";
    /**
     * Who wins on equal totals: every tied player (`shared`), or every tied player but the one who played the first turn (`starting-player-loses`, tournaments).
     */
    tie_break: "shared" | "starting-player-loses";
    /**
     * Abbey & Mayor: may a barn go on a farm that already holds a barn: no (`farm-without-barn`, the printed rule) or yes (`any-farm`).
     */
    barn_placement: "farm-without-barn" | "any-farm";
    /**
     * The Princess & the Dragon: after a dragon tile the dragon flies after the deployment and before the turn's scoring (`before-scoring`, the current rules) or after the scoring and the wagons' moves (`after-scoring`, the first edition).
     */
    dragon_move: "before-scoring" | "after-scoring";
    /**
     * The Princess & the Dragon: the fairy stands beside one follower (`next-to-follower`, the current rules) or on a tile (`on-tile`, the first edition: 1 point per figure of its player there, 3 to the owner of the first follower there of a feature scored).
     */
    fairy_placement: "next-to-follower" | "on-tile";
    /**
     * The Princess & the Dragon: the player of a princess tile may send a follower of her city home (`may`) or must when one can go (`must`).
     */
    princess_action: "may" | "must";
    /**
     * Bridges, Castles & Bazaars: the tiles of a bazaar are auctioned, with bids and a choice to buy or sell (`auction`, the printed rule), or each player in turn simply chooses one (`choose`).
     */
    bazaar_auction: "auction" | "choose";
    /**
     * Hills & Sheep: of the players tied for the most followers on a road, city or farm, those with at least one follower on a hill tile of it score (`at-least-one-follower`, the printed rule), or those with the most followers on its hill tiles (`number-of-followers`); when none of them has one there, all of them score.
     */
    hill_tiebreaker: "at-least-one-follower" | "number-of-followers";
    /**
     * The Count of Carcassonne: before the final scoring only the market's followers leave the City, onto farms (`market-only`), or every quarter's, onto unfinished features of its kind and farms (`any-quarter`); never the Count's quarter's.
     */
    coc_final_scoring: "market-only" | "any-quarter";
    /**
     * The Count of Carcassonne: after a follower enters the City its owner may move the Count to another quarter (`by-player`), or the Count moves on by itself, castle, market, blacksmith, cathedral (`clockwise`), or to the quarter just entered (`follow-follower`).
     */
    count_move: "by-player" | "clockwise" | "follow-follower";
    /**
     * The numbers every score is made of; a house rule changes a number (`farm_city = 2`: farms pay 2 per city).
     */
    points: {
      /**
       * Per tile of a completed road.
       */
      road?: number;
      /**
       * Per tile of an unfinished road at the end.
       */
      road_incomplete?: number;
      /**
       * Per tile of a completed city.
       */
      city?: number;
      /**
       * Per tile of an unfinished city at the end.
       */
      city_incomplete?: number;
      /**
       * Per pennant of a completed city.
       */
      pennant?: number;
      /**
       * Per pennant of an unfinished city at the end.
       */
      pennant_incomplete?: number;
      /**
       * Per tile and per pennant of a completed two-tile city when `small_city = true`.
       */
      small_city?: number;
      /**
       * Per tile of a cloister's 3×3, itself included (9 when complete).
       */
      cloister?: number;
      /**
       * Per completed city to a farm (second and third edition).
       */
      farm_city?: number;
      /**
       * Per completed city to the farms around it (first edition).
       */
      farm_city_first?: number;
      /**
       * Per tile of a completed road with an inn.
       */
      inn_road?: number;
      /**
       * Per tile and per pennant of a completed city with a cathedral.
       */
      cathedral_city?: number;
      /**
       * To each player with the most tokens of a trade good, at the end.
       */
      goods_majority?: number;
      /**
       * Added per city for the pig's owner.
       */
      pig?: number;
      /**
       * Per completed city touching a farm, at the end, to each player with a barn on it (Abbey & Mayor).
       */
      barn?: number;
      /**
       * Per completed city, to the farmers of a farm that a tile joins to a farm with a barn (Abbey & Mayor).
       */
      barn_connected?: number;
      /**
       * Paid by a player to buy back a follower that another player holds (The Tower).
       */
      ransom?: number;
      /**
       * To the owner of the follower beside the fairy, at the start of each of their turns (The Princess & the Dragon).
       */
      fairy_turn?: number;
      /**
       * To the owner of the follower beside the fairy, whenever that follower's feature is scored (The Princess & the Dragon).
       */
      fairy_scored?: number;
      /**
       * Added to what a farm pays per completed city, for each castle it touches, in every farm scoring (Bridges, Castles & Bazaars).
       */
      farm_castle?: number;
      /**
       * Added to a cloister completed during the game for each vineyard tile among its 8 neighbours (Hills & Sheep).
       */
      vineyard?: number;
      [k: string]: number | undefined;
    };
  }
  /**
   * Points per player.
   */
  export interface PerPlayer {
    [k: string]: number | undefined;
  }
  /**
   * One scoring.
   */
  export interface EventJson {
    /**
     * During a turn or at final scoring.
     */
    phase: "turn" | "final";
    /**
     * The turn (1-based entry of `turns`), or null at final scoring.
     */
    turn?: number | null;
    /**
     * Whose turn it was, or null at final scoring.
     */
    player?: string | null;
    feature: FeatureJson;
    followers: PerPlayer1;
    /**
     * Players with the majority.
     */
    winners: string[];
    points: PerPlayer2;
    /**
     * The rule, in words.
     */
    rule: string;
    /**
     * The rule as data, one entry per distinct award.
     */
    award: AwardJson[];
    /**
     * What the followers weigh in the majority, when a big follower makes
     * it differ from `followers`.
     */
    strength?: PerPlayer3 | null;
    /**
     * Figures on it that are not followers (a builder, a pig), which count
     * for no majority; left out when there are none.
     */
    others?: OtherFigureJson[];
    /**
     * Trade-good tokens per player that holds any, for a good's majority
     * at the end; left out for other events.
     */
    tokens?: PerPlayer3 | null;
    /**
     * Followers taken off it before it was scored (captured by a tower,
     * eaten by the dragon, sent home by the princess), each occurrence:
     * why a feature that held followers scores for nobody; left out when
     * there are none.
     */
    taken?: OtherFigureJson[];
    [k: string]:
      | {
          [k: string]: unknown | undefined;
        }
      | "turn"
      | "final"
      | number
      | null
      | string
      | FeatureJson
      | PerPlayer1
      | string[]
      | PerPlayer2
      | AwardJson[]
      | PerPlayer3
      | OtherFigureJson[]
      | undefined;
  }
  /**
   * What was scored.
   */
  export interface FeatureJson {
    /**
     * `road`, `city`, `cloister`, `farm` or `goods`.
     */
    kind: string;
    /**
     * Its stable name: kind, first tile and location there.
     */
    name: string;
    /**
     * Its tiles, `[x, y]`, sorted.
     */
    tiles: [number, number][];
    /**
     * Pennants (cities).
     */
    pennants: number;
    /**
     * Complete when scored.
     */
    complete: boolean;
    /**
     * Completed cities a farm touches.
     */
    cities: string[];
    /**
     * Unfinished cities a farm touches (they score nothing for it).
     */
    open_cities: string[];
    /**
     * Modifiers other than pennants it carries, with their counts
     * (`{"inn": 1}`); left out when there are none.
     */
    extras?: {
      [k: string]: number | undefined;
    } | null;
    [k: string]:
      | true
      | number
      | string
      | [number, number][]
      | boolean
      | string[]
      | {
          [k: string]: number | undefined;
        }
      | null
      | undefined;
  }
  /**
   * Followers on it, per player that has any.
   */
  export interface PerPlayer1 {
    [k: string]: number | undefined;
  }
  /**
   * Points, per winner.
   */
  export interface PerPlayer2 {
    [k: string]: number | undefined;
  }
  /**
   * So many of something at a rate.
   */
  export interface PartJson {
    /**
     * How many.
     */
    count: number;
    /**
     * Of what: `tile`, `completed_city`, `pig` (per city, for a farm
     * that holds the player's pig) or a modifier's name.
     */
    of: string;
    /**
     * Points each.
     */
    rate: number;
  }
  /**
   * A number per player, keyed by the player's name, in turn order.
   */
  export interface PerPlayer3 {
    [k: string]: number | undefined;
  }
  /**
   * A figure and its owner: a companion on a scored feature (a builder, a
   * pig, or a companion a tile set declares), or a follower taken off it.
   */
  export interface OtherFigureJson {
    /**
     * Its owner.
     */
    player: string;
    /**
     * The figure's word: `builder`, `pig`, or a declared figure's name.
     */
    figure: string;
  }
  /**
   * A second turn a builder earned.
   */
  export interface DoubleTurnJson {
    /**
     * The turn whose tile extended the road or city with the builder.
     */
    earned: number;
    /**
     * The player.
     */
    player: string;
    /**
     * The road or city that holds the builder.
     */
    feature: string;
    /**
     * The entry of `turns` that took the second turn, or null when the
     * record has none there for the player.
     */
    taken?: number | null;
  }
  /**
   * A spot of a tile on the board.
   */
  export interface SpotAtJson {
    /**
     * The tile: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Its location, in board orientation.
     */
    location: string;
    /**
     * The kind of feature.
     */
    kind: string;
  }
  /**
   * A figure gone from the board (eaten, sent home).
   */
  export interface GoneJson {
    /**
     * Its owner.
     */
    owner: string;
    /**
     * Its word.
     */
    figure: string;
    /**
     * Where it stood on its tile.
     */
    spot: string;
    /**
     * It went home with a follower of its owner's that left (a builder
     * or a pig), not by itself.
     */
    with: boolean;
  }
  /**
   * One step of the dragon's flight.
   */
  export interface StepJson {
    /**
     * The tile it entered: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    to: [number, number];
    /**
     * The player who made the step.
     */
    by: string;
    /**
     * The figures it ate there.
     */
    ate: GoneJson[];
  }
  /**
   * A figure by its word and spot.
   */
  export interface FigureAtJson {
    /**
     * Its word.
     */
    figure: string;
    /**
     * Where it stands on its tile.
     */
    spot: string;
  }
  /**
   * One tile of an auction in JSON.
   */
  export interface SoldJson {
    /**
     * The tile's id.
     */
    tile: string;
    /**
     * Who chose it.
     */
    chooser: string;
    /**
     * Who took it.
     */
    to: string;
    /**
     * The price paid: to the highest bidder when the chooser bought it,
     * to the chooser when they sold it, to nobody when nobody raised.
     */
    price: number;
    /**
     * The chooser sold it to the highest bidder.
     */
    sold: boolean;
  }
  /**
   * Tiles of one kind left in the supply.
   */
  export interface LeftJson {
    /**
     * The tile's id.
     */
    tile: string;
    /**
     * How many are left.
     */
    count: number;
  }
  /**
   * What was scored.
   */
  export interface FlockJson {
    /**
     * The tokens of all the shepherds on the field.
     */
    sheep: number[];
    /**
     * How many shepherds stood there.
     */
    shepherds: number;
    /**
     * Why it was scored.
     */
    why: "score" | "closed";
  }
  /**
   * What final scoring would add to a game in progress.
   */
  export interface PreviewJson {
    /**
     * The events of final scoring.
     */
    events: EventJson[];
    totals: PerPlayer4;
  }
  /**
   * A number per player, keyed by the player's name, in turn order.
   */
  export interface PerPlayer4 {
    [k: string]: number | undefined;
  }
  /**
   * One diagnostic.
   */
  export interface DiagnosticJson {
    /**
     * Its code, like `carca::rules::edge_mismatch`.
     */
    code: string;
    /**
     * Input error, rule violation or warning.
     */
    class: "input" | "violation" | "warning";
    /**
     * What is wrong.
     */
    message: string;
    /**
     * The file it points into, if any.
     */
    file?: string | null;
    /**
     * The line (1-based), if it points at one.
     */
    line?: number | null;
    /**
     * The column (1-based), if it points at one.
     */
    column?: number | null;
    /**
     * How to fix it.
     */
    help?: string | null;
  }
  /**
   * Whether a record's `claims` were compared with the totals.
   */
  export interface ClaimsJson {
    /**
     * Compared (only under the record's own ruleset).
     */
    checked: boolean;
    /**
     * Why they were not.
     */
    note?: string | null;
  }
  /**
   * The record could not be read.
   */
  export interface UnreadableJson {
    /**
     * The record, as named on the command line.
     */
    record: string;
    totals: PerPlayer5;
    /**
     * Empty.
     */
    events: EventJson[];
    /**
     * Why the record could not be read.
     */
    diagnostics: DiagnosticJson[];
  }
  /**
   * A number per player, keyed by the player's name, in turn order.
   */
  export interface PerPlayer5 {
    [k: string]: number | undefined;
  }
}

export declare namespace Compare {
  /**
   * What a command that reads one record prints: its answer, or the short
   * object of a record that could not be read (as `score` prints it).
   */
  export type Answer = CarcaCompare | UnreadableJson;
  /**
   * One award of an event: which rule, and the parts the points are made of
   * (points = Σ count × rate).
   */
  export type AwardJson =
    | {
        /**
         * `complete`, `unfinished` or `small_city`.
         */
        rule: string;
        /**
         * The modifier that set the rates (an inn, a cathedral), or null.
         */
        present?: string | null;
        /**
         * Tiles, then counted modifiers.
         */
        parts: PartJson[];
      }
    | {
        /**
         * `nothing`.
         */
        rule: string;
        /**
         * `incomplete_features`, or the modifier whose unfinished rate is 0.
         */
        because: string;
      }
    | {
        /**
         * `second_edition` or `third_edition`.
         */
        rule: string;
        /**
         * The completed cities paid for.
         */
        parts: PartJson[];
        /**
         * Cities already paid to this player through another farm.
         */
        already_paid: number;
      }
    | {
        /**
         * `first_edition`.
         */
        rule: string;
        /**
         * The city's pay.
         */
        parts: PartJson[];
        /**
         * The farms around the city.
         */
        supplied_by: string[];
      }
    | {
        /**
         * `complete`, `unfinished`, `first_edition`, `goods_taken`,
         * `goods_majority`, or a mechanic's rule: `barn_placed`,
         * `barn_connected`, `barn`.
         */
        rule: string;
        /**
         * The tiles of the cloister's 3×3, a good's majority, or none.
         */
        parts: PartJson[];
      };

  /**
   * The answer.
   */
  export interface CarcaCompare {
    /**
     * The record, as named on the command line.
     */
    record: string;
    /**
     * The rulesets, in the order asked; each name once.
     */
    rulesets: string[];
    /**
     * The players, in turn order.
     */
    players: string[];
    totals: Keyed_KeyedInt64;
    winners: Keyed_ArrayOfString;
    /**
     * The features that score differently, and why.
     */
    differences: DifferenceJson[];
    diagnostics: Keyed_ArrayOf_DiagnosticJson;
  }
  /**
   * Totals per ruleset, per player.
   */
  export interface Keyed_KeyedInt64 {
    [k: string]: KeyedInt64 | undefined;
  }
  /**
   * Keyed by names given at run time (rulesets, players), in their order.
   */
  export interface KeyedInt64 {
    [k: string]: number | undefined;
  }
  /**
   * The winners per ruleset.
   */
  export interface Keyed_ArrayOfString {
    [k: string]: string[] | undefined;
  }
  /**
   * A feature that scores differently under the rulesets.
   */
  export interface DifferenceJson {
    /**
     * The feature, as events name it.
     */
    feature: string;
    points: Keyed_KeyedInt641;
    /**
     * The ruleset keys that make the difference.
     */
    toggles: string[];
  }
  /**
   * Its points per ruleset, per player.
   */
  export interface Keyed_KeyedInt641 {
    [k: string]: KeyedInt64 | undefined;
  }
  /**
   * The diagnostics per ruleset.
   */
  export interface Keyed_ArrayOf_DiagnosticJson {
    [k: string]: DiagnosticJson[] | undefined;
  }
  /**
   * One diagnostic.
   */
  export interface DiagnosticJson {
    /**
     * Its code, like `carca::rules::edge_mismatch`.
     */
    code: string;
    /**
     * Input error, rule violation or warning.
     */
    class: "input" | "violation" | "warning";
    /**
     * What is wrong.
     */
    message: string;
    /**
     * The file it points into, if any.
     */
    file?: string | null;
    /**
     * The line (1-based), if it points at one.
     */
    line?: number | null;
    /**
     * The column (1-based), if it points at one.
     */
    column?: number | null;
    /**
     * How to fix it.
     */
    help?: string | null;
  }
  /**
   * The record could not be read.
   */
  export interface UnreadableJson {
    /**
     * The record, as named on the command line.
     */
    record: string;
    totals: PerPlayer;
    /**
     * Empty.
     */
    events: EventJson[];
    /**
     * Why the record could not be read.
     */
    diagnostics: DiagnosticJson[];
  }
  /**
   * Empty.
   */
  export interface PerPlayer {
    [k: string]: number | undefined;
  }
  /**
   * One scoring.
   */
  export interface EventJson {
    /**
     * During a turn or at final scoring.
     */
    phase: "turn" | "final";
    /**
     * The turn (1-based entry of `turns`), or null at final scoring.
     */
    turn?: number | null;
    /**
     * Whose turn it was, or null at final scoring.
     */
    player?: string | null;
    feature: FeatureJson;
    followers: PerPlayer1;
    /**
     * Players with the majority.
     */
    winners: string[];
    points: PerPlayer2;
    /**
     * The rule, in words.
     */
    rule: string;
    /**
     * The rule as data, one entry per distinct award.
     */
    award: AwardJson[];
    /**
     * What the followers weigh in the majority, when a big follower makes
     * it differ from `followers`.
     */
    strength?: PerPlayer3 | null;
    /**
     * Figures on it that are not followers (a builder, a pig), which count
     * for no majority; left out when there are none.
     */
    others?: OtherFigureJson[];
    /**
     * Trade-good tokens per player that holds any, for a good's majority
     * at the end; left out for other events.
     */
    tokens?: PerPlayer3 | null;
    /**
     * Followers taken off it before it was scored (captured by a tower,
     * eaten by the dragon, sent home by the princess), each occurrence:
     * why a feature that held followers scores for nobody; left out when
     * there are none.
     */
    taken?: OtherFigureJson[];
    [k: string]:
      | {
          [k: string]: unknown | undefined;
        }
      | "turn"
      | "final"
      | number
      | null
      | string
      | FeatureJson
      | PerPlayer1
      | string[]
      | PerPlayer2
      | AwardJson[]
      | PerPlayer3
      | OtherFigureJson[]
      | undefined;
  }
  /**
   * What was scored.
   */
  export interface FeatureJson {
    /**
     * `road`, `city`, `cloister`, `farm` or `goods`.
     */
    kind: string;
    /**
     * Its stable name: kind, first tile and location there.
     */
    name: string;
    /**
     * Its tiles, `[x, y]`, sorted.
     */
    tiles: [number, number][];
    /**
     * Pennants (cities).
     */
    pennants: number;
    /**
     * Complete when scored.
     */
    complete: boolean;
    /**
     * Completed cities a farm touches.
     */
    cities: string[];
    /**
     * Unfinished cities a farm touches (they score nothing for it).
     */
    open_cities: string[];
    /**
     * Modifiers other than pennants it carries, with their counts
     * (`{"inn": 1}`); left out when there are none.
     */
    extras?: {
      [k: string]: number | undefined;
    } | null;
    [k: string]:
      | true
      | number
      | string
      | [number, number][]
      | boolean
      | string[]
      | {
          [k: string]: number | undefined;
        }
      | null
      | undefined;
  }
  /**
   * Followers on it, per player that has any.
   */
  export interface PerPlayer1 {
    [k: string]: number | undefined;
  }
  /**
   * Points, per winner.
   */
  export interface PerPlayer2 {
    [k: string]: number | undefined;
  }
  /**
   * So many of something at a rate.
   */
  export interface PartJson {
    /**
     * How many.
     */
    count: number;
    /**
     * Of what: `tile`, `completed_city`, `pig` (per city, for a farm
     * that holds the player's pig) or a modifier's name.
     */
    of: string;
    /**
     * Points each.
     */
    rate: number;
  }
  /**
   * A number per player, keyed by the player's name, in turn order.
   */
  export interface PerPlayer3 {
    [k: string]: number | undefined;
  }
  /**
   * A figure and its owner: a companion on a scored feature (a builder, a
   * pig, or a companion a tile set declares), or a follower taken off it.
   */
  export interface OtherFigureJson {
    /**
     * Its owner.
     */
    player: string;
    /**
     * The figure's word: `builder`, `pig`, or a declared figure's name.
     */
    figure: string;
  }
}

export declare namespace Moves {
  /**
   * What a command that reads one record prints: its answer, or the short
   * object of a record that could not be read (as `score` prints it).
   */
  export type Answer = CarcaMoves | UnreadableJson;
  /**
   * Something that happened without points.
   */
  export type NoteJson = NoteJson1 & {
    /**
     * The turn (entry of `turns`) it happened on; 0: at the end, before
     * the final scoring.
     */
    turn: number;
    /**
     * The player it happened to.
     */
    player: string;
    /**
     * In words, as the text report says it.
     */
    text: string;
  };
  export type NoteJson1 =
    | {
        note: "second_turn";
        /**
         * The road or city that earned it.
         */
        feature: string;
        /**
         * The entry of `turns` that took it, or null.
         */
        taken?: number | null;
      }
    | {
        note: "moved";
        /**
         * The figure's word.
         */
        figure: string;
        /**
         * The tile it stood on: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        from: [number, number];
        /**
         * The tile it stands on now: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * Where on that tile (board orientation).
         */
        spot: string;
        /**
         * The feature it joined.
         */
        feature: string;
      }
    | {
        note: "stayed";
        /**
         * The figure's word.
         */
        figure: string;
        /**
         * The tile it stood on: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        from: [number, number];
        /**
         * It had somewhere to go (the record moves it nowhere); false: it
         * had nowhere to go.
         */
        could: boolean;
        /**
         * Where it could have gone (empty when nowhere): tiles and spots,
         * north to south.
         */
        to: SpotAtJson[];
      }
    | {
        note: "went_home";
        /**
         * The tile they stood on: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * The figures that went home.
         */
        gone: GoneJson[];
      }
    | (TowerNoteJson | DragonNoteJson | BcbNoteJson | SheepNoteJson | CocNoteJson);
  /**
   * The Tower's notes in `carca score --format json`.
   */
  export type TowerNoteJson =
    | {
        note: "tower_piece";
        /**
         * The tower's tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * Its height now.
         */
        height: number;
      }
    | {
        note: "on_tower";
        /**
         * The figure's word.
         */
        figure: string;
        /**
         * The tower's tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
      }
    | {
        note: "captured";
        /**
         * The figure's word.
         */
        figure: string;
        /**
         * Its owner.
         */
        owner: string;
        /**
         * Its tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * Where on it (`tower`: the top of a tower).
         */
        spot: string;
        /**
         * It went home (its owner's own, or exchanged); false: the
         * player of the note holds it.
         */
        home: boolean;
        /**
         * Its owner's figures beside it that went home with it (a
         * builder, a pig).
         */
        with: string[];
      }
    | {
        note: "exchanged";
        /**
         * The word of the follower that came back.
         */
        figure: string;
        /**
         * The player who held it.
         */
        from: string;
      }
    | {
        note: "ransomed";
        /**
         * The figure's word.
         */
        figure: string;
        /**
         * The player paid, who held it.
         */
        from: string;
        /**
         * The points paid.
         */
        points: number;
      };
  /**
   * The dragon's, the fairy's and the princess's notes in `carca score --format json`.
   */
  export type DragonNoteJson =
    | {
        note: "dragon_arrived";
        /**
         * The volcano's tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
      }
    | {
        note: "dragon_flew";
        /**
         * The tile it started from: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        from: [number, number];
        /**
         * Its steps, in order.
         */
        steps: StepJson[];
        /**
         * It could not go on where it stopped before its sixth step (a
         * dead end).
         */
        stuck: boolean;
        /**
         * A step the record lists was refused (see the diagnostics), and
         * the dragon stopped before it.
         */
        refused: boolean;
      }
    | {
        note: "fairy_moved";
        /**
         * The tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * The follower it stands beside (the player's): its word and
         * spot, or null when it stands on the tile.
         */
        beside?: FigureAtJson | null;
      }
    | {
        note: "sent_home";
        /**
         * The tile it stood on: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * The figures that went home (the follower first).
         */
        gone: GoneJson[];
      };
  /**
   * The notes of Bridges, Castles & Bazaars in `carca score --format json`.
   */
  export type BcbNoteJson =
    | {
        note: "bridge";
        /**
         * Its tile, `[x, y]`.
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * `NS` or `WE`.
         */
        span: string;
      }
    | {
        note: "castle";
        /**
         * Its owner (the follower in it).
         */
        owner: string;
        /**
         * Its two tiles, `[x, y]`.
         *
         * @minItems 2
         * @maxItems 2
         */
        tiles: [[number, number], [number, number]];
        /**
         * The city it was made from, by name.
         */
        city: string;
      }
    | {
        note: "castle_unscored";
        /**
         * Its owner.
         */
        owner: string;
        /**
         * Its two tiles, `[x, y]`.
         *
         * @minItems 2
         * @maxItems 2
         */
        tiles: [[number, number], [number, number]];
      }
    | {
        note: "bazaar";
        /**
         * The tiles.
         */
        tiles: SoldJson[];
      }
    | {
        note: "auction_owed";
        /**
         * How many tiles it deals (one per player).
         */
        tiles: number;
        /**
         * Who chooses first.
         */
        chooser: string;
        /**
         * The tiles left in the supply to draw them from, each with how
         * many are left: the tiles the players may bid on.
         */
        supply: LeftJson[];
      };
  /**
   * The notes of Hills & Sheep in `carca score --format json`.
   */
  export type SheepNoteJson =
    | {
        note: "flock_draw";
        /**
         * The shepherd's tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        at: [number, number];
        /**
         * The token: 1 to 4 sheep, or `"wolf"`.
         */
        sheep: {
          [k: string]: unknown | undefined;
        };
        /**
         * With the wolf: the owners of the shepherds it sent home.
         */
        home?: string[] | null;
      }
    | {
        note: "flock";
        /**
         * The field.
         */
        feature: string;
        flock: FlockJson;
        /**
         * The players who scored it.
         */
        players: string[];
      }
    | {
        note: "hill";
        /**
         * The hill's tile: [x, y].
         *
         * @minItems 2
         * @maxItems 2
         */
        hill: [number, number];
      };
  /**
   * A note of The Count of Carcassonne in `carca score --format json`.
   */
  export type CocNoteJson = {
    note: "coc";
    /**
     * What moved.
     */
    coc: "enter" | "leave" | "final-leave" | "count";
    /**
     * The quarter entered or left; for the Count, the one it left.
     */
    quarter: "castle" | "blacksmith" | "cathedral" | "market";
    /**
     * Where it went: a feature's name, or (the Count) a quarter.
     */
    to?: string | null;
    /**
     * The figure, when not a normal follower.
     */
    figure?: string | null;
  };
  /**
   * One award of an event: which rule, and the parts the points are made of
   * (points = Σ count × rate).
   */
  export type AwardJson =
    | {
        /**
         * `complete`, `unfinished` or `small_city`.
         */
        rule: string;
        /**
         * The modifier that set the rates (an inn, a cathedral), or null.
         */
        present?: string | null;
        /**
         * Tiles, then counted modifiers.
         */
        parts: PartJson[];
      }
    | {
        /**
         * `nothing`.
         */
        rule: string;
        /**
         * `incomplete_features`, or the modifier whose unfinished rate is 0.
         */
        because: string;
      }
    | {
        /**
         * `second_edition` or `third_edition`.
         */
        rule: string;
        /**
         * The completed cities paid for.
         */
        parts: PartJson[];
        /**
         * Cities already paid to this player through another farm.
         */
        already_paid: number;
      }
    | {
        /**
         * `first_edition`.
         */
        rule: string;
        /**
         * The city's pay.
         */
        parts: PartJson[];
        /**
         * The farms around the city.
         */
        supplied_by: string[];
      }
    | {
        /**
         * `complete`, `unfinished`, `first_edition`, `goods_taken`,
         * `goods_majority`, or a mechanic's rule: `barn_placed`,
         * `barn_connected`, `barn`.
         */
        rule: string;
        /**
         * The tiles of the cloister's 3×3, a good's majority, or none.
         */
        parts: PartJson[];
      };

  /**
   * The answer.
   */
  export interface CarcaMoves {
    /**
     * The record, as named on the command line.
     */
    record: string;
    /**
     * The tile asked about.
     */
    tile: string;
    /**
     * Turns of the record played before this moment.
     */
    turns_played: number;
    /**
     * The player to move.
     */
    player: string;
    /**
     * The final round is on: only a player's own tile (an abbey) may be
     * placed.
     */
    final_round: boolean;
    /**
     * The followers the player has in supply that any free spot takes.
     */
    figures: string[];
    /**
     * Every legal placement.
     */
    moves: MoveJson[];
    /**
     * What the player may do instead of deploying a figure, wherever the
     * tile goes (The Tower: a piece on a tower and the followers it may
     * take then, a follower on top of a tower); left out when nothing.
     * A placed tile with a tower foundation adds its own, of height 0.
     */
    actions?: ActionJson[];
    /**
     * `carca serve`'s `/api/moves` only: the game is over at this moment
     * (a snapshot never is, since the page still adds tiles to it).
     */
    ended?: boolean | null;
    /**
     * An act the last turn played stopped while it could go on (the
     * dragon's flight written in part): who goes on with it and where;
     * left out when none.
     */
    under_way?: UnderWayJson | null;
    /**
     * What the record owes before this moment's turn can be played, as
     * notes of the score's breakdown (a bazaar's auction not written:
     * the tile of the player to move comes from it); left out when
     * nothing.
     */
    owed?: NoteJson[];
    /**
     * Placements the tile's edges alone do not allow but an act laid with
     * it does (a bridge carrying a road on), each with that act; left out
     * when none.
     */
    enabled?: EnabledJson[];
  }
  /**
   * One legal placement.
   */
  export interface MoveJson {
    /**
     * Where: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * How it is turned, in degrees clockwise.
     */
    rot: number;
    /**
     * Where a follower could stand.
     */
    followers: SpotJson[];
    /**
     * Where the player's other figures could stand (a builder, a pig, a
     * figure for some kinds of feature only).
     */
    others: OtherSpotJson[];
    /**
     * Figures this placement's scoring would send home that may move on
     * at once (wagons), with where each may go; left out when none.
     */
    after_scoring?: MoveOnJson[];
    /**
     * Where the turn's follower may go on other tiles (a magic portal:
     * `meeple: { at, spot }`); left out when nowhere.
     */
    elsewhere?: SpotAtJson[];
    /**
     * What this placement opens (the princess's choices, the dragon's
     * first steps); left out when nothing.
     */
    actions?: ActionJson[];
  }
  /**
   * A spot of a tile.
   */
  export interface SpotJson {
    /**
     * Its location, in board orientation (`N`, `NNE`, `C`, …).
     */
    location: string;
    /**
     * The kind of feature: `road`, `city`, `cloister`, `field`.
     */
    kind: string;
  }
  /**
   * A spot where a figure other than a follower could stand.
   */
  export interface OtherSpotJson {
    /**
     * The figure's word.
     */
    figure: string;
    /**
     * Its location, in board orientation.
     */
    location: string;
    /**
     * The kind of feature.
     */
    kind: string;
  }
  /**
   * A figure a placement's scoring sends home, and where it may move on.
   */
  export interface MoveOnJson {
    /**
     * The figure's word (`wagon`).
     */
    figure: string;
    /**
     * Its owner.
     */
    player: string;
    /**
     * The tile it stood on: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    from: [number, number];
    /**
     * Where it may go, each on its own.
     */
    to: SpotAtJson[];
  }
  /**
   * A spot of a tile on the board.
   */
  export interface SpotAtJson {
    /**
     * The tile: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Its location, in board orientation.
     */
    location: string;
    /**
     * The kind of feature.
     */
    kind: string;
  }
  /**
   * An action instead of a deployment, or what a placement opens.
   */
  export interface ActionJson {
    /**
     * Its record key: `tower` (a piece), `meeple` (a follower on top,
     * `{ at, spot: tower }`), `fairy` (the fairy moved beside a follower
     * at `at`), `princess` (a follower of her city sent home) or `dragon`
     * (a first step of the flight, onto the tile at `at`).
     */
    key: string;
    /**
     * The tower's tile: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * The tower's height with the piece (for a follower on top: as it
     * is).
     */
    height: number;
    /**
     * The followers the piece's tower may take then (`capture:`); for
     * `princess`, the followers she may send home.
     */
    takes: TakeJson[];
    /**
     * For `fairy`: the spot of the follower it would stand beside (left
     * out under `fairy_placement = "on-tile"`).
     */
    spot?: string | null;
  }
  /**
   * A follower a tower may take.
   */
  export interface TakeJson {
    /**
     * Its tile: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Where on it (`tower`: on top of a tower).
     */
    spot: string;
    /**
     * Its owner.
     */
    player: string;
    /**
     * Which figure.
     */
    figure: string;
  }
  /**
   * An act of the last turn played, under way.
   */
  export interface UnderWayJson {
    /**
     * Its record key (`dragon`: the flight).
     */
    key: string;
    /**
     * The turn it belongs to (1-based).
     */
    turn: number;
    /**
     * The player whose choice is next (for the flight: whose step).
     */
    player: string;
    /**
     * How many parts of it were made (steps taken).
     */
    done: number;
    /**
     * Where it stands: `[x, y]` (the dragon's tile).
     *
     * @minItems 2
     * @maxItems 2
     */
    from: [number, number];
    /**
     * The next choices (for the flight: the tiles the next step may
     * enter, key `dragon`); the record writes the chosen one at the end
     * of the act's list.
     */
    options: ActionJson[];
  }
  /**
   * A figure gone from the board (eaten, sent home).
   */
  export interface GoneJson {
    /**
     * Its owner.
     */
    owner: string;
    /**
     * Its word.
     */
    figure: string;
    /**
     * Where it stood on its tile.
     */
    spot: string;
    /**
     * It went home with a follower of its owner's that left (a builder
     * or a pig), not by itself.
     */
    with: boolean;
  }
  /**
   * One step of the dragon's flight.
   */
  export interface StepJson {
    /**
     * The tile it entered: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    to: [number, number];
    /**
     * The player who made the step.
     */
    by: string;
    /**
     * The figures it ate there.
     */
    ate: GoneJson[];
  }
  /**
   * A figure by its word and spot.
   */
  export interface FigureAtJson {
    /**
     * Its word.
     */
    figure: string;
    /**
     * Where it stands on its tile.
     */
    spot: string;
  }
  /**
   * One tile of an auction in JSON.
   */
  export interface SoldJson {
    /**
     * The tile's id.
     */
    tile: string;
    /**
     * Who chose it.
     */
    chooser: string;
    /**
     * Who took it.
     */
    to: string;
    /**
     * The price paid: to the highest bidder when the chooser bought it,
     * to the chooser when they sold it, to nobody when nobody raised.
     */
    price: number;
    /**
     * The chooser sold it to the highest bidder.
     */
    sold: boolean;
  }
  /**
   * Tiles of one kind left in the supply.
   */
  export interface LeftJson {
    /**
     * The tile's id.
     */
    tile: string;
    /**
     * How many are left.
     */
    count: number;
  }
  /**
   * What was scored.
   */
  export interface FlockJson {
    /**
     * The tokens of all the shepherds on the field.
     */
    sheep: number[];
    /**
     * How many shepherds stood there.
     */
    shepherds: number;
    /**
     * Why it was scored.
     */
    why: "score" | "closed";
  }
  /**
   * A placement an act laid with the tile makes legal: the placement as
   * the tile lies with that act, and the act.
   */
  export interface EnabledJson {
    /**
     * Where: `[x, y]`.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * How it is turned, in degrees clockwise.
     */
    rot: number;
    /**
     * Where a follower could stand.
     */
    followers: SpotJson[];
    /**
     * Where the player's other figures could stand (a builder, a pig, a
     * figure for some kinds of feature only).
     */
    others: OtherSpotJson[];
    /**
     * Figures this placement's scoring would send home that may move on
     * at once (wagons), with where each may go; left out when none.
     */
    after_scoring?: MoveOnJson[];
    /**
     * Where the turn's follower may go on other tiles (a magic portal:
     * `meeple: { at, spot }`); left out when nowhere.
     */
    elsewhere?: SpotAtJson[];
    /**
     * What this placement opens (the princess's choices, the dragon's
     * first steps); left out when nothing.
     */
    actions?: ActionJson[];
    /**
     * The act, as a turn of a record writes it (`{"bridge": {"at": [x,
     * y], "span": "NS"}}`).
     */
    with: {
      [k: string]: unknown | undefined;
    };
  }
  /**
   * The record could not be read.
   */
  export interface UnreadableJson {
    /**
     * The record, as named on the command line.
     */
    record: string;
    totals: PerPlayer;
    /**
     * Empty.
     */
    events: EventJson[];
    /**
     * Why the record could not be read.
     */
    diagnostics: DiagnosticJson[];
  }
  /**
   * Empty.
   */
  export interface PerPlayer {
    [k: string]: number | undefined;
  }
  /**
   * One scoring.
   */
  export interface EventJson {
    /**
     * During a turn or at final scoring.
     */
    phase: "turn" | "final";
    /**
     * The turn (1-based entry of `turns`), or null at final scoring.
     */
    turn?: number | null;
    /**
     * Whose turn it was, or null at final scoring.
     */
    player?: string | null;
    feature: FeatureJson;
    followers: PerPlayer1;
    /**
     * Players with the majority.
     */
    winners: string[];
    points: PerPlayer2;
    /**
     * The rule, in words.
     */
    rule: string;
    /**
     * The rule as data, one entry per distinct award.
     */
    award: AwardJson[];
    /**
     * What the followers weigh in the majority, when a big follower makes
     * it differ from `followers`.
     */
    strength?: PerPlayer3 | null;
    /**
     * Figures on it that are not followers (a builder, a pig), which count
     * for no majority; left out when there are none.
     */
    others?: OtherFigureJson[];
    /**
     * Trade-good tokens per player that holds any, for a good's majority
     * at the end; left out for other events.
     */
    tokens?: PerPlayer3 | null;
    /**
     * Followers taken off it before it was scored (captured by a tower,
     * eaten by the dragon, sent home by the princess), each occurrence:
     * why a feature that held followers scores for nobody; left out when
     * there are none.
     */
    taken?: OtherFigureJson[];
    [k: string]:
      | {
          [k: string]: unknown | undefined;
        }
      | "turn"
      | "final"
      | number
      | null
      | string
      | FeatureJson
      | PerPlayer1
      | string[]
      | PerPlayer2
      | AwardJson[]
      | PerPlayer3
      | OtherFigureJson[]
      | undefined;
  }
  /**
   * What was scored.
   */
  export interface FeatureJson {
    /**
     * `road`, `city`, `cloister`, `farm` or `goods`.
     */
    kind: string;
    /**
     * Its stable name: kind, first tile and location there.
     */
    name: string;
    /**
     * Its tiles, `[x, y]`, sorted.
     */
    tiles: [number, number][];
    /**
     * Pennants (cities).
     */
    pennants: number;
    /**
     * Complete when scored.
     */
    complete: boolean;
    /**
     * Completed cities a farm touches.
     */
    cities: string[];
    /**
     * Unfinished cities a farm touches (they score nothing for it).
     */
    open_cities: string[];
    /**
     * Modifiers other than pennants it carries, with their counts
     * (`{"inn": 1}`); left out when there are none.
     */
    extras?: {
      [k: string]: number | undefined;
    } | null;
    [k: string]:
      | true
      | number
      | string
      | [number, number][]
      | boolean
      | string[]
      | {
          [k: string]: number | undefined;
        }
      | null
      | undefined;
  }
  /**
   * Followers on it, per player that has any.
   */
  export interface PerPlayer1 {
    [k: string]: number | undefined;
  }
  /**
   * Points, per winner.
   */
  export interface PerPlayer2 {
    [k: string]: number | undefined;
  }
  /**
   * So many of something at a rate.
   */
  export interface PartJson {
    /**
     * How many.
     */
    count: number;
    /**
     * Of what: `tile`, `completed_city`, `pig` (per city, for a farm
     * that holds the player's pig) or a modifier's name.
     */
    of: string;
    /**
     * Points each.
     */
    rate: number;
  }
  /**
   * A number per player, keyed by the player's name, in turn order.
   */
  export interface PerPlayer3 {
    [k: string]: number | undefined;
  }
  /**
   * A figure and its owner: a companion on a scored feature (a builder, a
   * pig, or a companion a tile set declares), or a follower taken off it.
   */
  export interface OtherFigureJson {
    /**
     * Its owner.
     */
    player: string;
    /**
     * The figure's word: `builder`, `pig`, or a declared figure's name.
     */
    figure: string;
  }
  /**
   * One diagnostic.
   */
  export interface DiagnosticJson {
    /**
     * Its code, like `carca::rules::edge_mismatch`.
     */
    code: string;
    /**
     * Input error, rule violation or warning.
     */
    class: "input" | "violation" | "warning";
    /**
     * What is wrong.
     */
    message: string;
    /**
     * The file it points into, if any.
     */
    file?: string | null;
    /**
     * The line (1-based), if it points at one.
     */
    line?: number | null;
    /**
     * The column (1-based), if it points at one.
     */
    column?: number | null;
    /**
     * How to fix it.
     */
    help?: string | null;
  }
}

export declare namespace ServeRecord {
  /**
   * How [`RawWhere`] is written, for the schema.
   */
  export type RawWhereSchema = string | RawPlace;
  /**
   * One value or a list of them.
   */
  export type OneOrList = RawMove | RawMove1[];
  /**
   * The schema's view of `flock:`.
   */
  export type FlockShape = RawEntry | RawEntry1[];
  /**
   * A token as the schema shows it.
   */
  export type TokenShape = number | string;
  /**
   * The schema's view of `leave:`.
   */
  export type LeaveShape = RawMove2 | RawMove21[];
  /**
   * The schema's view of `enter:`.
   */
  export type EnterShape = string | RawEnterMap;
  /**
   * The schema's view of `count:`.
   */
  export type CountShape = string | RawCountMap;
  /**
   * The schema's view of `bridge:`.
   */
  export type BridgeShape = string | RawBridgeMap;
  /**
   * The schema's view of `castle:`.
   */
  export type CastleShape = (string | RawCastleMap) | OneCastleShape[];
  /**
   * The schema's view of one castle.
   */
  export type OneCastleShape = string | RawCastleMap;
  /**
   * How [`RawPrisoner`] is written, for the schema.
   */
  export type RawPrisonerSchema =
    | string
    | {
        /**
         * The owner.
         */
        player: string;
        /**
         * Which figure (`big`, `mayor`, `wagon`).
         */
        figure?: string | null;
      };
  /**
   * The schema's view of a follower in a quarter.
   */
  export type OccupantShape = string | RawOccupantMap;
  /**
   * A quarter's word, for the schema.
   */
  export type QuarterWord = string;

  /**
   * A record that carca reads, as data: `record` has the keys of a record file.
   */
  export interface Answer {
    /**
     * A carca game record: the turns that were played (`turns`), or the board
     * as it lies on the table (`board` and `meeples`). See docs/records.md.
     */
    record: {
      /**
       * A line about the game.
       */
      description?: string | null;
      /**
       * Tile sets in play: built-in names (`base`, `abbey`, `river`) or paths
       * relative to the record. Default `[base]`.
       */
      tilesets?: string[] | null;
      /**
       * The ruleset: a built-in name (`modern`, `first-edition`,
       * `second-edition`, `hig-faq-2007`, `all-or-nothing`, `tournament`) or a TOML
       * file.
       * Default `modern`.
       */
      rules?: string | null;
      /**
       * Play with this many copies of every tile but those of a start
       * block such as the City of Carcassonne, which lies once (default 1).
       */
      supply_scale?: number | null;
      /**
       * A ruleset written in the record, instead of `rules`.
       */
      ruleset?: RawRuleset | null;
      /**
       * Players in turn order.
       *
       * @minItems 1
       */
      players: [string, ...string[]];
      /**
       * The start tile (default: the set's start tile at [0, 0], rot 0).
       */
      start?: RawPlacement | null;
      /**
       * The turns, in order (a history).
       */
      turns?: RawTurn[] | null;
      /**
       * `true`: the game is over, though tiles remain. `false` on a snapshot:
       * the game is still going on.
       */
      final?: boolean | null;
      /**
       * Every tile on the table (a snapshot).
       */
      board?: RawPlacement[] | null;
      /**
       * Every follower on the table (a snapshot).
       */
      meeples?: RawMeeple[] | null;
      /**
       * The trade-good tokens each player holds (a snapshot of a game with
       * Traders & Builders): `{ red: { wine: 2, cloth: 1 } }`.
       */
      goods?: {
        [k: string]:
          | {
              [k: string]: number | undefined;
            }
          | undefined;
      } | null;
      /**
       * The heights of the towers on the board (a snapshot of a game with
       * The Tower): `[{ at: [x, y], height: N }]`; a tower not listed has
       * height 0.
       */
      towers?: RawTowerHeight[] | null;
      /**
       * The followers each player holds of the others' (a snapshot of a
       * game with The Tower): `{ red: [blue, { player: blue, figure: big }] }`.
       */
      prisoners?: {
        [k: string]: RawPrisonerSchema[] | undefined;
      } | null;
      /**
       * The tile the dragon stands on (a snapshot of a game with The
       * Princess & the Dragon): [x, y]; absent, it is not in play.
       *
       * @minItems 2
       * @maxItems 2
       */
      dragon?: [number, number] | null;
      /**
       * Where the fairy stands (a snapshot): `{ player, at: [x, y], spot:
       * LOC }`, beside that player's follower; without `spot`, on that
       * tile beside nobody.
       */
      fairy?: RawPick | null;
      /**
       * The bridges on the board (a snapshot of a game with Bridges, Castles &
       * Bazaars): `[{ at: [x, y], span: NS }]`.
       */
      bridges?: RawSnapBridge[] | null;
      /**
       * The castles on the board (a snapshot of a game with Bridges, Castles &
       * Bazaars): `[{ at: [x, y], spot: LOC, player: P }]`, the castle on the
       * city part at `at`/`spot` with `player`'s follower in it; `empty: true`
       * for a castle that has scored; `figure:` for another follower than a
       * normal one.
       */
      castles?: RawSnapCastle[] | null;
      /**
       * The followers in the City of Carcassonne (a snapshot of a game with
       * The Count of Carcassonne), by quarter: `{ castle: [red], market: [blue,
       * { player: red, figure: big }] }`.
       */
      quarters?: {
        [k: string]: OccupantShape[] | undefined;
      } | null;
      /**
       * The quarter of the City the Count stands in (a snapshot of a game with
       * The Count of Carcassonne; default `castle`).
       */
      count?: QuarterWord | null;
      /**
       * The Count of Carcassonne: the followers that leave the City before the
       * final scoring (a game that has ended): `{ player, at: [x, y], spot: LOC,
       * figure }` each, from the market onto a farm (and under
       * `coc_final_scoring = "any-quarter"` from the other quarters onto an
       * unfinished feature of their kind).
       */
      final_leave?: RawMove21[] | null;
      /**
       * The totals the players wrote down, under the record's own ruleset.
       */
      claims?: {
        [k: string]: number | undefined;
      } | null;
      /**
       * Expected totals per ruleset, for `carca test`.
       */
      expect?: {
        [k: string]:
          | {
              [k: string]: number | undefined;
            }
          | undefined;
      } | null;
    };
  }
  /**
   * A ruleset written in the record, with the keys of a ruleset file.
   */
  export interface RawRuleset {
    /**
     * Shown in every report (default: the file name).
     */
    name?: string;
    /**
     * The ruleset this one starts from: a built-in name (`modern`, `first-edition`, `second-edition`, `hig-faq-2007`, `all-or-nothing`, `tournament`) or a path relative to this file.
     */
    extends?: string;
    /**
     * A completed city of exactly two tiles scores `points.small_city` per tile and per pennant instead of the usual rates.
     */
    small_city?: boolean;
    /**
     * Farm scoring edition: 2000 (`first`), 2001 (`second`) or current (`third`).
     */
    farm_scoring?: "first" | "second" | "third";
    /**
     * Whether players holding an abbey may place it in one final round after the last land tile.
     */
    end_game_abbey?: "final-round" | "none";
    /**
     * `none`: unfinished roads, cities and cloisters score nothing at the end.
     */
    incomplete_features?: "score" | "none";
    /**
     * Followers each player has (7).
     */
    followers?: number;
    /**
     * How a road with an inn and a city with a cathedral score when unfinished at the end: `zero` (the printed rule) or `normal` (as if they had none; a house rule).
     */
    inn_cathedral_incomplete?: "zero" | "normal";
    /**
     * Who wins on equal totals: every tied player (`shared`), or every tied player but the one who played the first turn (`starting-player-loses`, tournaments).
     */
    tie_break?: "shared" | "starting-player-loses";
    /**
     * Abbey & Mayor: may a barn go on a farm that already holds a barn: no (`farm-without-barn`, the printed rule) or yes (`any-farm`).
     */
    barn_placement?: "farm-without-barn" | "any-farm";
    /**
     * The Princess & the Dragon: after a dragon tile the dragon flies after the deployment and before the turn's scoring (`before-scoring`, the current rules) or after the scoring and the wagons' moves (`after-scoring`, the first edition).
     */
    dragon_move?: "before-scoring" | "after-scoring";
    /**
     * The Princess & the Dragon: the fairy stands beside one follower (`next-to-follower`, the current rules) or on a tile (`on-tile`, the first edition: 1 point per figure of its player there, 3 to the owner of the first follower there of a feature scored).
     */
    fairy_placement?: "next-to-follower" | "on-tile";
    /**
     * The Princess & the Dragon: the player of a princess tile may send a follower of her city home (`may`) or must when one can go (`must`).
     */
    princess_action?: "may" | "must";
    /**
     * Bridges, Castles & Bazaars: the tiles of a bazaar are auctioned, with bids and a choice to buy or sell (`auction`, the printed rule), or each player in turn simply chooses one (`choose`).
     */
    bazaar_auction?: "auction" | "choose";
    /**
     * Hills & Sheep: of the players tied for the most followers on a road, city or farm, those with at least one follower on a hill tile of it score (`at-least-one-follower`, the printed rule), or those with the most followers on its hill tiles (`number-of-followers`); when none of them has one there, all of them score.
     */
    hill_tiebreaker?: "at-least-one-follower" | "number-of-followers";
    /**
     * The Count of Carcassonne: before the final scoring only the market's followers leave the City, onto farms (`market-only`), or every quarter's, onto unfinished features of its kind and farms (`any-quarter`); never the Count's quarter's.
     */
    coc_final_scoring?: "market-only" | "any-quarter";
    /**
     * The Count of Carcassonne: after a follower enters the City its owner may move the Count to another quarter (`by-player`), or the Count moves on by itself, castle, market, blacksmith, cathedral (`clockwise`), or to the quarter just entered (`follow-follower`).
     */
    count_move?: "by-player" | "clockwise" | "follow-follower";
    /**
     * The numbers every score is made of; a house rule changes a number (`farm_city = 2`: farms pay 2 per city).
     */
    points?: {
      /**
       * Per tile of a completed road.
       */
      road?: number;
      /**
       * Per tile of an unfinished road at the end.
       */
      road_incomplete?: number;
      /**
       * Per tile of a completed city.
       */
      city?: number;
      /**
       * Per tile of an unfinished city at the end.
       */
      city_incomplete?: number;
      /**
       * Per pennant of a completed city.
       */
      pennant?: number;
      /**
       * Per pennant of an unfinished city at the end.
       */
      pennant_incomplete?: number;
      /**
       * Per tile and per pennant of a completed two-tile city when `small_city = true`.
       */
      small_city?: number;
      /**
       * Per tile of a cloister's 3×3, itself included (9 when complete).
       */
      cloister?: number;
      /**
       * Per completed city to a farm (second and third edition).
       */
      farm_city?: number;
      /**
       * Per completed city to the farms around it (first edition).
       */
      farm_city_first?: number;
      /**
       * Per tile of a completed road with an inn.
       */
      inn_road?: number;
      /**
       * Per tile and per pennant of a completed city with a cathedral.
       */
      cathedral_city?: number;
      /**
       * To each player with the most tokens of a trade good, at the end.
       */
      goods_majority?: number;
      /**
       * Added per city for the pig's owner.
       */
      pig?: number;
      /**
       * Per completed city touching a farm, at the end, to each player with a barn on it (Abbey & Mayor).
       */
      barn?: number;
      /**
       * Per completed city, to the farmers of a farm that a tile joins to a farm with a barn (Abbey & Mayor).
       */
      barn_connected?: number;
      /**
       * Paid by a player to buy back a follower that another player holds (The Tower).
       */
      ransom?: number;
      /**
       * To the owner of the follower beside the fairy, at the start of each of their turns (The Princess & the Dragon).
       */
      fairy_turn?: number;
      /**
       * To the owner of the follower beside the fairy, whenever that follower's feature is scored (The Princess & the Dragon).
       */
      fairy_scored?: number;
      /**
       * Added to what a farm pays per completed city, for each castle it touches, in every farm scoring (Bridges, Castles & Bazaars).
       */
      farm_castle?: number;
      /**
       * Added to a cloister completed during the game for each vineyard tile among its 8 neighbours (Hills & Sheep).
       */
      vineyard?: number;
      /**
       * The rate of a modifier a tile set in play declares.
       */
      [k: string]: number | undefined;
    };
    /**
     * Per-player counts of special figures. Default: what the tile sets in play bring, 0 otherwise.
     */
    figures?: {
      /**
       * Big followers per player (Inns & Cathedrals: 1).
       */
      big?: number;
      /**
       * Builders per player (Traders & Builders: 1).
       */
      builder?: number;
      /**
       * Pigs per player (Traders & Builders: 1).
       */
      pig?: number;
      /**
       * Mayors per player (Abbey & Mayor: 1); a mayor counts as many followers as its city has pennants.
       */
      mayor?: number;
      /**
       * Wagons per player (Abbey & Mayor: 1).
       */
      wagon?: number;
      /**
       * Barns per player (Abbey & Mayor: 1).
       */
      barn?: number;
      /**
       * Tower pieces per player (The Tower; default by the number of players: 2 → 10, 3 → 9, 4 → 7, 5 → 6, 6 → 5).
       */
      tower?: number;
      /**
       * Bridges per player (Bridges, Castles & Bazaars; default 3 with up to four players, 2 with five or more).
       */
      bridge?: number;
      /**
       * Castles per player (Bridges, Castles & Bazaars; default 3 with up to four players, 2 with five or more).
       */
      castle?: number;
      /**
       * The count of a figure a tile set in play declares.
       */
      [k: string]: number | undefined;
    };
  }
  /**
   * A tile on the board (`start`, `board`).
   */
  export interface RawPlacement {
    /**
     * The tile id.
     */
    tile: string;
    /**
     * Where: [x, y], x east, y north.
     *
     * @minItems 2
     * @maxItems 2
     */
    at?: [number, number] | null;
    /**
     * Clockwise rotation in degrees.
     */
    rot?: (0 | 90 | 180 | 270) | null;
  }
  /**
   * One turn: a placement `{ tile, at, rot, meeple }` or a discard
   * `{ discard }`, each with an optional `player`.
   */
  export interface RawTurn {
    /**
     * Who played it (checked against the turn order).
     */
    player?: string | null;
    /**
     * The tile placed.
     */
    tile?: string | null;
    /**
     * Where: [x, y], x east, y north.
     *
     * @minItems 2
     * @maxItems 2
     */
    at?: [number, number] | null;
    /**
     * Clockwise rotation in degrees.
     */
    rot?: (0 | 90 | 180 | 270) | null;
    /**
     * Where the follower goes, in board orientation: N E S W, NNE … NNW,
     * NE SE SW NW, C, #name, or `tower` (the top of the tile's tower);
     * or `{ at: [x, y], spot: LOC }` for a place on another tile (the
     * top of a tower anywhere: `spot: tower`). `spot` is taken as another
     * name for it.
     */
    meeple?: RawWhereSchema | null;
    /**
     * Which figure `meeple` deploys: `follower` (the default), `big`
     * (Inns & Cathedrals' big follower, counting two in every majority),
     * `builder` or `pig` (Traders & Builders), or a figure a tile set in
     * play declares.
     */
    figure?: string | null;
    /**
     * A tile drawn that fitted nowhere.
     */
    discard?: string | null;
    /**
     * Abbey & Mayor: wagons that the turn's scoring sent home moving on
     * at once, one move or a list of them in the order they are made.
     */
    wagon?: OneOrList | null;
    /**
     * The Tower: the turn's action is a tower piece put on the foundation
     * or open tower of the tile at `at` (any tile on the board), instead
     * of deploying a figure.
     */
    tower?: RawTowerPiece | null;
    /**
     * The Tower: after its piece, the follower the tower takes.
     */
    capture?: RawCapture | null;
    /**
     * The Tower: the player of the turn buys back one of their followers
     * from the player who holds it.
     */
    ransom?: RawRansom | null;
    /**
     * The Princess & the Dragon: the turn's action is to move the fairy
     * beside a follower of the player's: `{ at: [x, y], spot: LOC }`.
     */
    fairy?: RawPick | null;
    /**
     * The Princess & the Dragon: the turn's action is to send a follower
     * of the princess's city home: `{ player, at: [x, y], spot: LOC }`.
     */
    princess?: RawPick | null;
    /**
     * The Princess & the Dragon: the dragon's steps after a dragon tile,
     * in order: `[E, E, N, W, S, S]` (board orientation).
     */
    dragon?: string[] | null;
    /**
     * Hills & Sheep: the token the turn's player draws from the bag for a
     * shepherd (`{ draw: 1 | 2 | 3 | 4 | wolf }`) or the flock they herd into the
     * stable (`{ score: true }`); a list of them, each with `at: [x, y]` (the
     * shepherd's tile), when two are due on one turn.
     */
    flock?: FlockShape | null;
    /**
     * The Count of Carcassonne: the followers that leave the City before
     * this turn's scoring, onto a feature this turn completes of their
     * quarter's kind: `{ player, at: [x, y], spot: LOC, figure }` or a list
     * of them in the order made (from the player after the turn's player).
     */
    leave?: LeaveShape | null;
    /**
     * The Count of Carcassonne: the quarter of the City the turn's player
     * puts a follower into after the turn's scoring (when others scored and
     * they did not): `castle`, `blacksmith`, `cathedral` or `market`, or
     * `{ quarter, figure }` for another figure than a normal follower.
     */
    enter?: EnterShape | null;
    /**
     * The Count of Carcassonne: the quarter the turn's player moves the Count
     * to after putting a follower into the City (or `{ quarter }`).
     */
    count?: CountShape | null;
    /**
     * Bridges, Castles & Bazaars: a bridge laid with the tile, across it
     * (`bridge: NS` or `WE`, board orientation) or across a tile beside it
     * (`{ at: [x, y], span: NS }`), from field edge to field edge: a road
     * that cuts no field.
     */
    bridge?: BridgeShape | null;
    /**
     * Bridges, Castles & Bazaars: the small city this tile completed (two
     * tiles, one follower) becomes a castle of that follower's owner instead
     * of scoring: its part on the tile (`castle: S`), `{ spot: S, player: P }`
     * (`at: [x, y]` names a part on another tile of the city), or a list of
     * them.
     */
    castle?: CastleShape | null;
    /**
     * Bridges, Castles & Bazaars: the auction after a turn that placed a
     * bazaar, one entry per tile in the order auctioned: `{ tile: T, player:
     * P, bids: { P: 0, Q: 2 }, sell: true }` (`player`: the chooser, checked;
     * `bids`: the chooser's opening bid and the others' raises; `sell`: the
     * chooser sold it to the highest bidder). The last entry is the tile left
     * over, free to the last player without one.
     */
    bazaar?: RawSale[] | null;
  }
  /**
   * A tile and a location on it.
   */
  export interface RawPlace {
    /**
     * The tile: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Where on it, in board orientation (`tower`: the top of its tower).
     * `meeple` is taken as another name for it.
     */
    spot: string;
  }
  /**
   * One.
   */
  export interface RawMove {
    /**
     * The figure's owner (default: the player of the turn).
     */
    player?: string | null;
    /**
     * The tile it moves to: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Where on that tile, in board orientation. `meeple` is taken as
     * another name for it.
     */
    spot: string;
    /**
     * The tile it stood on, needed only when its owner has several that
     * came home in the scoring: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    from?: [number, number] | null;
  }
  /**
   * A figure moving on after a scoring: `{ player, at, spot, from }`.
   */
  export interface RawMove1 {
    /**
     * The figure's owner (default: the player of the turn).
     */
    player?: string | null;
    /**
     * The tile it moves to: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Where on that tile, in board orientation. `meeple` is taken as
     * another name for it.
     */
    spot: string;
    /**
     * The tile it stood on, needed only when its owner has several that
     * came home in the scoring: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    from?: [number, number] | null;
  }
  /**
   * A tower piece: `{ at: [x, y] }`.
   */
  export interface RawTowerPiece {
    /**
     * The tile whose foundation or open tower takes the piece: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
  }
  /**
   * A capture: `{ at: [x, y], spot: LOC, player, figure, exchange }`.
   */
  export interface RawCapture {
    /**
     * The tile the follower stands on: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Where on it (`tower`: on top of its tower). `meeple` is taken as
     * another name for it.
     */
    spot: string;
    /**
     * The follower's owner, needed only where followers of two players
     * stand there.
     */
    player?: string | null;
    /**
     * Which figure it is (`follower`, `big`, `mayor`, `wagon`), needed
     * only where two kinds stand there.
     */
    figure?: string | null;
    /**
     * When the capture is exchanged for one of the capturer's followers
     * and the captured player holds several kinds of them: the kind that
     * comes back.
     */
    exchange?: string | null;
  }
  /**
   * A ransom: `{ from: P, figure }`.
   */
  export interface RawRansom {
    /**
     * The player who holds the follower and is paid.
     */
    from: string;
    /**
     * Which follower comes back, needed only when that player holds
     * several kinds of the payer's followers.
     */
    figure?: string | null;
  }
  /**
   * A follower picked on the board: `{ player, at: [x, y], spot: LOC }`.
   */
  export interface RawPick {
    /**
     * The follower's owner.
     */
    player?: string | null;
    /**
     * The tile it stands on: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Where on the tile, in board orientation. `meeple` is taken as
     * another name for it.
     */
    spot?: string | null;
  }
  /**
   * One entry.
   */
  export interface RawEntry {
    /**
     * The token drawn: `1`, `2`, `3`, `4` (sheep) or `wolf`.
     */
    draw?: TokenShape | null;
    /**
     * `true`: the flock is herded into the stable and scored.
     */
    score?: boolean | null;
    /**
     * The tile of the shepherd it is for: [x, y] (when two entries are
     * due on one turn).
     *
     * @minItems 2
     * @maxItems 2
     */
    at?: [number, number] | null;
  }
  /**
   * One entry as written.
   */
  export interface RawEntry1 {
    /**
     * The token drawn: `1`, `2`, `3`, `4` (sheep) or `wolf`.
     */
    draw?: TokenShape | null;
    /**
     * `true`: the flock is herded into the stable and scored.
     */
    score?: boolean | null;
    /**
     * The tile of the shepherd it is for: [x, y] (when two entries are
     * due on one turn).
     *
     * @minItems 2
     * @maxItems 2
     */
    at?: [number, number] | null;
  }
  /**
   * One move.
   */
  export interface RawMove2 {
    /**
     * The follower's owner (on a turn, the turn's player by default).
     */
    player?: string | null;
    /**
     * The tile of the feature it goes onto: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * A part of that feature on that tile.
     */
    spot: string;
    /**
     * `big`, `mayor`, `wagon` or a follower a tile set declares; a
     * normal follower when left out.
     */
    figure?: string | null;
  }
  /**
   * A follower that leaves the City: `{ player, at: [x, y], spot: LOC,
   * figure }`.
   */
  export interface RawMove21 {
    /**
     * The follower's owner (on a turn, the turn's player by default).
     */
    player?: string | null;
    /**
     * The tile of the feature it goes onto: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * A part of that feature on that tile.
     */
    spot: string;
    /**
     * `big`, `mayor`, `wagon` or a follower a tile set declares; a
     * normal follower when left out.
     */
    figure?: string | null;
  }
  /**
   * A quarter and the figure.
   */
  export interface RawEnterMap {
    /**
     * The quarter.
     */
    quarter: string;
    /**
     * `big`, `mayor`, `wagon` or a follower a tile set declares.
     */
    figure?: string | null;
  }
  /**
   * The same, as a map.
   */
  export interface RawCountMap {
    /**
     * The quarter.
     */
    quarter: string;
  }
  /**
   * Across a tile.
   */
  export interface RawBridgeMap {
    /**
     * The tile it lies on (default: the tile just placed).
     *
     * @minItems 2
     * @maxItems 2
     */
    at?: [number, number] | null;
    /**
     * `NS` or `WE`.
     */
    span: string;
  }
  /**
   * The same, with the player.
   */
  export interface RawCastleMap {
    /**
     * The tile of the part named (default: the tile just placed).
     *
     * @minItems 2
     * @maxItems 2
     */
    at?: [number, number] | null;
    /**
     * The city's part on that tile.
     */
    spot: string;
    /**
     * The player whose follower stands in the city (checked).
     */
    player?: string | null;
  }
  /**
   * One tile of an auction as written: `{ tile: T, player: P, bids: { P: 0,
   * Q: 2 }, sell: true }`.
   */
  export interface RawSale {
    /**
     * The tile chosen (the last entry: the tile left over).
     */
    tile: string;
    /**
     * Who chose it (checked; may be left out).
     */
    player?: string | null;
    /**
     * The chooser's opening bid and the others' raises, by player.
     */
    bids?: {
      [k: string]: number | undefined;
    } | null;
    /**
     * The chooser sold the tile to the highest bidder.
     */
    sell?: boolean | null;
  }
  /**
   * A follower on the table, in a snapshot.
   */
  export interface RawMeeple {
    /**
     * Its owner.
     */
    player: string;
    /**
     * The position of its tile.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Where on the tile, in board orientation. `meeple` is taken as another
     * name for it.
     */
    spot: string;
    /**
     * Which figure it is: `follower` (the default), a built-in figure's
     * word, or a figure a tile set in play declares.
     */
    figure?: string | null;
  }
  /**
   * A tower's height in a snapshot: `{ at: [x, y], height: N }`.
   */
  export interface RawTowerHeight {
    /**
     * The tile of the tower: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * Its pieces.
     */
    height: number;
  }
  /**
   * A bridge as a snapshot writes it.
   */
  export interface RawSnapBridge {
    /**
     * The tile it lies on.
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * `NS` or `WE`.
     */
    span: string;
  }
  /**
   * A castle as a snapshot writes it.
   */
  export interface RawSnapCastle {
    /**
     * One of its two tiles: [x, y].
     *
     * @minItems 2
     * @maxItems 2
     */
    at: [number, number];
    /**
     * The city's part on that tile.
     */
    spot: string;
    /**
     * Whose castle it is (the follower in it, which counts against that
     * player's supply).
     */
    player: string;
    /**
     * The figure in it, when not a normal follower (`big`, `mayor`,
     * `wagon`, or a follower a tile set declares).
     */
    figure?: string | null;
    /**
     * The castle has scored already: its follower went home.
     */
    empty?: boolean | null;
  }
  /**
   * Its owner and figure.
   */
  export interface RawOccupantMap {
    /**
     * The owner.
     */
    player: string;
    /**
     * The figure.
     */
    figure?: string | null;
  }
}

export declare namespace ServeRulesets {
  /**
   * What `GET /api/rulesets` of `carca serve` answers.
   */
  export interface Answer {
    /**
     * The built-in rulesets, in the order `carca rules list` gives them.
     */
    rulesets: RulesetNameJson[];
  }
  /**
   * A built-in ruleset.
   */
  export interface RulesetNameJson {
    /**
     * Its name, for `rules:` and `--rules`.
     */
    name: string;
    /**
     * What it is.
     */
    description?: string | null;
  }
}

export declare namespace ServeTilesets {
  /**
   * What `GET /api/tilesets` of `carca serve` answers.
   */
  export interface Answer {
    /**
     * The built-in tile sets.
     */
    tilesets: TilesetTilesJson[];
  }
  /**
   * A built-in tile set and its tiles.
   */
  export interface TilesetTilesJson {
    /**
     * Its name, for `tilesets:`.
     */
    name: string;
    /**
     * Its tiles.
     */
    tiles: TileCountJson[];
  }
  /**
   * A tile of a set and how many there are.
   */
  export interface TileCountJson {
    /**
     * Its id.
     */
    tile: string;
    /**
     * How many the set has (per player, for a player's own tile).
     */
    count: number;
    /**
     * Each player has their own (an abbey).
     */
    per_player: boolean;
  }
}

export declare namespace ServeInitial {
  export type Answer = ServeInitialJson | null;

  /**
   * What `GET /api/initial` of `carca serve` answers: the record named on
   * the command line, or `null`.
   */
  export interface ServeInitialJson {
    /**
     * As named on the command line.
     */
    name: string;
    /**
     * Its text (a JCloisterZone save imported).
     */
    text: string;
    /**
     * The tile sets and ruleset it names by path, by that name: the page
     * sends them with the record.
     */
    files: {
      [k: string]: string | undefined;
    };
    /**
     * Those of them that lie outside the record's folder.
     */
    outside: string[];
  }
}
