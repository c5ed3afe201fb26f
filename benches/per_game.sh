#!/usr/bin/env bash
# Instructions per game of `carca score DIR --quiet`, from JSON files and
# from YAML files (then the engine per placed tile of the base game, of
# each expansion with it and of every built-in set at once, and last the
# whole command per placed tile of the base game and of every set):
# callgrind over a folder of 100 generated 72-tile games
# (3 players, followers on half the turns, seeds 0 to 99), minus the same
# over a folder of one of them, divided by 99, so that starting the process
# does not count. Beside each, the engine alone: the instructions of
# `adjudicate` over the 100 games, divided by 100.
#
#   cargo build --release
#   benches/per_game.sh [path/to/carca]
set -euo pipefail
carca=${1:-target/release/carca}
command -v valgrind > /dev/null || { echo "valgrind is needed" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for format in json yaml; do
    mkdir -p "$work/$format-100" "$work/$format-1"
    for seed in $(seq 0 99); do
        "$carca" gen --players 3 --seed "$seed" --format "$format" \
            -o "$work/$format-100/$seed.$format" > /dev/null 2>&1
    done
    cp "$work/$format-100/0.$format" "$work/$format-1/"
done
# What a run is started under: nothing at first; one core for the
# placement games below.
on=()
# Instructions of one run.
count() {
    "${on[@]}" valgrind --tool=callgrind --callgrind-out-file="$work/out" "$@" 2>&1 > /dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
# The placements of the records given: a turn's tile with its position; a
# bazaar's tiles, bought for later turns, are not counted twice.
placements() {
    cat "$@" | grep -o '"tile":"[^"]*","at"' | wc -l
}
# Instructions of one run spent in `adjudicate` and what it calls (counted
# only there, so that a binary built with debug information, whose
# profile names a function once per source file inlined into it, counts
# the same).
engine() {
    count --toggle-collect='carca::engine::referee::adjudicate*' "$@"
}
for format in json yaml; do
    all=$(count "$carca" score "$work/$format-100" --quiet)
    engine=$(engine "$carca" score "$work/$format-100" --quiet)
    one=$(count "$carca" score "$work/$format-1" --quiet)
    echo "$format files: $(( (all - one) / 99 )) instructions a game; engine alone $(( engine / 100 ))"
done
# The engine per placed tile for the base game, each expansion with it,
# and every built-in set at once: ten generated 150-tile, 3-player games
# of each (seeds 1 to 10), `adjudicate`'s instructions over the
# placements. Every set but The River, which cannot be played with the
# City of Carcassonne (and costs the engine nothing but its first tiles'
# course). These run on one core, so that which of the batch's threads
# takes which game (and the allocator's work that follows from it) does
# not move the count.
command -v taskset > /dev/null && on=(taskset -c 0)
expansions="abbey inns-cathedrals traders-builders abbey-mayor tower princess-dragon hills-sheep count bridges-castles-bazaars"
every=base,$(echo $expansions | tr ' ' ,)
for mix in base $expansions every; do
    case $mix in
        base) sets=base ;;
        every) sets=$every ;;
        *) sets=base,$mix ;;
    esac
    mkdir -p "$work/mix-$mix"
    for seed in $(seq 1 10); do
        "$carca" gen --tiles 150 --players 3 --seed "$seed" --tilesets "$sets" \
            --format json -o "$work/mix-$mix/$seed.json" > /dev/null 2>&1
    done
    engine=$(engine "$carca" score "$work/mix-$mix" --quiet)
    placed=$(placements "$work/mix-$mix"/*.json)
    echo "$mix: engine $(( engine / placed )) instructions a placed tile ($placed tiles placed)"
done
# The whole command per placed tile, reading and verdict included, for
# the base game and every set at once: `carca score` over the ten games of
# each, minus the same over the first of them, divided by the other nine's
# placements (on one core, as above).
for mix in base every; do
    mkdir -p "$work/mix-$mix-1"
    cp "$work/mix-$mix/1.json" "$work/mix-$mix-1/"
    all=$(count "$carca" score "$work/mix-$mix" --quiet)
    one=$(count "$carca" score "$work/mix-$mix-1" --quiet)
    placed=$(placements "$work/mix-$mix"/*.json)
    first=$(placements "$work/mix-$mix/1.json")
    echo "$mix: the whole command $(( (all - one) / (placed - first) )) instructions a placed tile"
done
