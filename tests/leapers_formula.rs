//! The formula engine for every leaper (issue 23): its closed form on a board without edges
//! (src/engine/formula/lattice.rs), used where the path that meets it can be
//! laid on the board, and a search elsewhere. Held to a breadth-first search written apart from
//! the engines on every pair of small boards and on windows around the middle of big ones, for
//! every leaper up to (8,8); its routes walked; and far out on boards of 10⁹, to the recursion
//! only the distance satisfies, and to A* near corners and edges; on random pairs of 100×100 and
//! long boards; and on far pairs of long strips.

use crate::common;

use common::{Random, on_every_thread, plain_distances};
use knight_moves::{Board, Engine, Piece, Position, Query, Searcher};

/// Every leaper up to (8,8), as (a, b).
fn small_leapers() -> Vec<(u32, u32)> {
    (1..=8).flat_map(|b| (0..=b).map(move |a| (a, b))).collect()
}

/// The formula's distance, which must be had (no search may give up here).
fn formula(searcher: &mut Searcher, query: Query) -> Option<u64> {
    searcher
        .distance(Engine::Formula, query)
        .unwrap_or_else(|error| panic!("{query:?}: {error}"))
}

/// A route the formula gives: it starts and ends where asked, has `moves` moves, and each
/// is the piece's and stays on the board.
fn check_route(searcher: &mut Searcher, query: Query, (a, b): (u32, u32), moves: u64) {
    let route = searcher
        .route(Engine::Formula, query)
        .unwrap_or_else(|error| panic!("{query:?}: {error}"))
        .expect("a route where there is a distance")
        .to_vec();
    assert_eq!(route.len() as u64, moves + 1, "{query:?}");
    assert_eq!((route[0], route[route.len() - 1]), (query.from, query.to));
    for pair in route.windows(2) {
        let (dx, dy) = (
            (i64::from(pair[1].file) - i64::from(pair[0].file)).unsigned_abs(),
            (i64::from(pair[1].rank) - i64::from(pair[0].rank)).unsigned_abs(),
        );
        let (a, b) = (u64::from(a), u64::from(b));
        assert!(
            (dx, dy) == (a, b) || (dx, dy) == (b, a),
            "{query:?}: {pair:?}"
        );
        assert!(pair[1].file < query.board.files() && pair[1].rank < query.board.ranks());
    }
}

/// Every pair of every board up to 9×9, for every leaper up to (8,8): the formula's distance
/// is the search's, and every tenth pair's route is walked.
#[test]
fn every_pair_of_small_boards_for_every_leaper_up_to_8() {
    let mut searcher = Searcher::new();
    for (a, b) in small_leapers() {
        let piece = Piece::leaper(a, b).unwrap();
        for files in 1..=9 {
            for ranks in 1..=9 {
                let board = Board::new(files, ranks).unwrap();
                all_pairs_agree(&mut searcher, board, piece, (a, b), 10);
            }
        }
    }
}

/// Every pair of `board` for the (a,b)-leaper `piece`: the formula's distance is the
/// independent search's; every `route_every`-th pair's route is walked.
fn all_pairs_agree(
    searcher: &mut Searcher,
    board: Board,
    piece: Piece,
    (a, b): (u32, u32),
    route_every: u64,
) {
    let (files, ranks) = (board.files(), board.ranks());
    let mut count = 0u64;
    for from_rank in 0..ranks {
        for from_file in 0..files {
            let from = Position::new(from_file, from_rank);
            let expected = plain_distances(board, piece, from);
            for to_rank in 0..ranks {
                for to_file in 0..files {
                    let to = Position::new(to_file, to_rank);
                    let query = Query::new(board, piece, from, to);
                    let found = formula(searcher, query);
                    let wanted = expected.to(to);
                    assert_eq!(found, wanted, "({a},{b}) {files}x{ranks} {from:?} {to:?}");
                    count += 1;
                    if let Some(moves) = found.filter(|_| count % route_every == 0) {
                        check_route(searcher, query, (a, b), moves);
                    }
                }
            }
        }
    }
}

/// Bigger boards, every pair: every square board from 10×10 to 20×20 and five boards up to
/// 40×40, square and long, for every leaper up to (8,8): a sample of the sweep below, for
/// `.ci/run`.
#[test]
#[ignore = "about 170 million pairs: run with cargo test --release -- --ignored"]
fn every_pair_of_boards_up_to_40_for_every_leaper_up_to_8() {
    let mut boards: Vec<(u32, u32)> = (10..=20).map(|n| (n, n)).collect();
    boards.extend([(40, 40), (33, 17), (7, 40), (40, 3), (12, 39)]);
    every_pair_on_every_thread(&boards);
}

/// Every pair of every board up to 40×40, either way round (1,600 boards), for every leaper
/// up to (8,8): 2.2 × 10¹⁰ pairs, the formula's distance against the independent search's.
#[test]
#[ignore = "2.2 × 10¹⁰ pairs, 15 minutes on two cores: run with cargo test --release --test integration -- --ignored every_pair_of_every_board"]
fn every_pair_of_every_board_up_to_40x40_for_every_leaper_up_to_8() {
    let boards: Vec<(u32, u32)> = (1..=40)
        .flat_map(|files| (1..=40).map(move |ranks| (files, ranks)))
        .collect();
    every_pair_on_every_thread(&boards);
}

/// [`all_pairs_agree`] on every board of `boards` for every leaper up to (8,8), the leapers
/// handed out to every thread ([`on_every_thread`], each with a default searcher).
fn every_pair_on_every_thread(boards: &[(u32, u32)]) {
    on_every_thread(&small_leapers(), Searcher::new, |searcher, &(a, b)| {
        let piece = Piece::leaper(a, b).unwrap();
        for &(files, ranks) in boards {
            let board = Board::new(files, ranks).unwrap();
            all_pairs_agree(searcher, board, piece, (a, b), 997);
        }
    });
}

/// Random pairs of bigger boards (100×100, and long ones 7 and 13 wide), for every leaper up
/// to (8,8): from each of a few random squares, the independent search's distance to every
/// square, against the formula's to 500 random ones, and their routes walked now and then.
#[test]
fn random_pairs_of_100x100_7x1000_and_1000x13_for_every_leaper_up_to_8() {
    let mut searcher = Searcher::new();
    let mut random = Random::seeded(0x5eed_0023);
    for (files, ranks) in [(100, 100), (7, 1000), (1000, 13)] {
        let board = Board::new(files, ranks).unwrap();
        for (a, b) in small_leapers() {
            let piece = Piece::leaper(a, b).unwrap();
            for _ in 0..2 {
                let from_file = random.below(u64::from(files)) as u32;
                let from_rank = random.below(u64::from(ranks)) as u32;
                let from = Position::new(from_file, from_rank);
                let expected = plain_distances(board, piece, from);
                for pair in 0..500 {
                    let to_file = random.below(u64::from(files)) as u32;
                    let to_rank = random.below(u64::from(ranks)) as u32;
                    let to = Position::new(to_file, to_rank);
                    let query = Query::new(board, piece, from, to);
                    let found = formula(&mut searcher, query);
                    let wanted = expected.to(to);
                    assert_eq!(found, wanted, "({a},{b}) {files}x{ranks} {from:?} {to:?}");
                    if let Some(moves) = found.filter(|_| pair % 50 == 0) {
                        check_route(&mut searcher, query, (a, b), moves);
                    }
                }
            }
        }
    }
}

/// What the board's own recursion says `from`'s distance to `to` must be: one more than the
/// least of the formula's distances from `from` to `to`'s neighbours on the board (`None` in
/// it: no route), which only the distance on that board satisfies. `None` where a neighbour's
/// distance is not known (its search gave up).
fn by_the_board_s_recursion(
    searcher: &mut Searcher,
    query: Query,
    (a, b): (u32, u32),
) -> Option<Option<u64>> {
    let Query {
        board,
        piece,
        from,
        to,
        ..
    } = query;
    let mut around = Vec::new();
    for (p, q) in [(a, b), (b, a)] {
        for (sx, sy) in [(1i64, 1i64), (1, -1), (-1, 1), (-1, -1)] {
            let (f, r) = (
                i64::from(to.file) + sx * i64::from(p),
                i64::from(to.rank) + sy * i64::from(q),
            );
            let on_board = (0..i64::from(board.files())).contains(&f)
                && (0..i64::from(board.ranks())).contains(&r);
            if on_board {
                let next = Query::new(board, piece, from, Position::new(f as u32, r as u32));
                around.push(searcher.search(Engine::Formula, next).ok().map(|o| o.moves));
            }
        }
    }
    let around = around.into_iter().collect::<Option<Vec<Option<u64>>>>()?;
    Some(around.iter().flatten().min().map(|least| least + 1))
}

/// Huge pieces on boards narrower than two of their longest legs but far too wide for the
/// strip's repeats (a hostile test found them given up after seconds, the walk not steered
/// there): each answered at once, its route walked, and its distance obeying the board's own
/// recursion.
#[test]
fn huge_pieces_on_boards_too_wide_for_the_strip_and_too_narrow_to_zigzag_are_answered() {
    let mut searcher = Searcher::new();
    for (files, ranks, (a, b), from, to, moves) in [
        (
            57_462,
            478_532_924,
            (13_019, 28_732),
            "a1",
            "cfzb478532924",
            52_348,
        ),
        (
            427_131_612,
            1_175_777,
            (131_207, 632_378),
            "a1",
            "aixqylx1175777",
            401_237,
        ),
        (
            546_758,
            1_000_000_000,
            (152_192, 371_153),
            "qntw488232159",
            "selh533106008",
            306_062,
        ),
    ] {
        let board = Board::new(files, ranks).unwrap();
        let query = Query::new(
            board,
            Piece::leaper(a, b).unwrap(),
            board.square(from).unwrap(),
            board.square(to).unwrap(),
        );
        assert_eq!(formula(&mut searcher, query), Some(moves), "{query:?}");
        check_route(&mut searcher, query, (a, b), moves);
        let expected = by_the_board_s_recursion(&mut searcher, query, (a, b));
        assert_eq!(expected, Some(Some(moves)), "{query:?}");
    }
}

/// Far pairs of long strips (a side of 7, 13 or 60 and one of 10⁹), for the named pieces and
/// random leapers up to b = 50: each is answered, without giving up (through the walks of the
/// board without edges where they fit, through the distances' repeats along the strip where
/// they do not), and its distance obeys the board's own recursion.
#[test]
fn far_pairs_of_long_strips_obey_the_board_s_recursion() {
    let mut searcher = Searcher::new();
    let mut random = Random::seeded(0x0007_2023);
    let mut pieces: Vec<(u32, u32)> = vec![(1, 2), (1, 3), (2, 3), (1, 4), (0, 1), (1, 1)];
    while pieces.len() < 30 {
        let b = 1 + random.below(50) as u32;
        pieces.push((random.below(u64::from(b) + 1) as u32, b));
    }
    let mut joined = 0;
    for width in [7u32, 13, 60] {
        let length = 1_000_000_000u32;
        let board = Board::new(width, length).unwrap();
        for &(a, b) in &pieces {
            let piece = Piece::leaper(a, b).unwrap();
            for _ in 0..3 {
                let from = Position::new(
                    random.below(u64::from(width)) as u32,
                    random.below(100) as u32,
                );
                let to = Position::new(
                    random.below(u64::from(width)) as u32,
                    length - 1 - random.below(100) as u32,
                );
                let query = Query::new(board, piece, from, to);
                let moves = formula(&mut searcher, query);
                let expected = by_the_board_s_recursion(&mut searcher, query, (a, b))
                    .unwrap_or_else(|| panic!("({a},{b}) {width}: {from:?} {to:?} gave up"));
                assert_eq!(moves, expected, "({a},{b}) {width}: {from:?} {to:?}");
                joined += usize::from(moves.is_some());
            }
        }
    }
    assert!(joined >= 60, "only {joined} pairs joined");
}

/// Routes of far pairs of one colour on a strip too narrow for the board without edges' walks, where the
/// strip's repeats answer: a descent down the distances that took the first step one closer
/// could pass below the start into rows whose walks the kept distances no longer held, and
/// found no step on (two such pairs, one of 4.4 million moves, then 600 random ones, a third of them joined). Each route
/// is walked and its distance obeys the board's recursion.
#[test]
fn routes_through_the_strip_s_repeats_are_found_whichever_way_a_step_leads() {
    let mut searcher = Searcher::new();
    let (a, b) = (21, 37);
    let piece = Piece::leaper(a, b).unwrap();
    let mut pairs = vec![
        (
            Board::new(54, 463_661_677).unwrap(),
            "v276232746",
            "ar114078172",
        ),
        (
            Board::new(54, 100_000_000).unwrap(),
            "u51229065",
            "aj51236044",
        ),
    ]
    .into_iter()
    .map(|(board, from, to)| {
        let square = |name| board.square(name).unwrap();
        Query::new(board, piece, square(from), square(to))
    })
    .collect::<Vec<_>>();
    let mut random = Random::seeded(0x0054_2137);
    let board = Board::new(54, 100_000_000).unwrap();
    for _ in 0..600 {
        let along = 1_000_000 + random.below(89_000_000) as u32;
        let from = Position::new(random.below(54) as u32, along);
        let to_along = along + 3000 + random.below(27_000) as u32;
        // The piece keeps to the squares of one colour (its legs add up to an even number).
        let to_file = random.below(27) as u32 * 2 + (from.file + along + to_along) % 2;
        let to = Position::new(to_file, to_along);
        pairs.push(Query::new(board, piece, from, to));
    }
    let mut joined = 0;
    for query in pairs {
        let moves = formula(&mut searcher, query);
        let expected = by_the_board_s_recursion(&mut searcher, query, (a, b));
        assert_eq!(expected, Some(moves), "{query:?}");
        if let Some(moves) = moves {
            check_route(&mut searcher, query, (a, b), moves);
            joined += 1;
        }
    }
    // Not every pair of one colour is joined on 54 across.
    assert!(joined >= 150, "only {joined} pairs joined");
}

/// Strip routes the descent lays as it did before it could turn back, whatever rows below the
/// start it now keeps: recorded from that build (`tests/data/strip-routes.txt`), pairs whose
/// first steps one closer pass rows below the start, or climb near the far end, on strips
/// 18 to 82 across, the pieces' legs sharing a factor or not, the board either way round.
#[test]
fn strip_routes_are_the_ones_laid_before_the_descent_could_turn_back() {
    let recorded = include_str!("data/strip-routes.txt");
    let mut cases = 0;
    for line in recorded.lines().filter(|line| !line.starts_with('#')) {
        let [board, piece, query, answer] = line.splitn(4, '|').collect::<Vec<_>>()[..] else {
            panic!("not BOARD|PIECE|QUERY|ANSWER: {line}");
        };
        common::knight_moves()
            .args(["--board", board, "--piece", piece, "--path"])
            .write_stdin(format!("{query}\n"))
            .assert()
            .success()
            .stdout(format!("{answer}\n"));
        cases += 1;
    }
    assert_eq!(cases, 12);
}

/// Far pairs of strips several long leaps wide (250 and 500 across) for big pieces, where
/// the walks of the board without edges must be ordered to keep off the sides: each answered,
/// without giving up, by the board's own recursion.
#[test]
fn far_pairs_of_wide_strips_for_big_pieces_obey_the_board_s_recursion() {
    let mut searcher = Searcher::new();
    let mut random = Random::seeded(0x0250_0500);
    let length = 1_000_000_000u32;
    let mut joined = 0;
    for (a, b) in [(13, 50), (49, 50), (24, 49), (37, 41)] {
        let piece = Piece::leaper(a, b).unwrap();
        for width in [250u32, 500] {
            let board = Board::new(width, length).unwrap();
            // On 500 wide, a pair that gave up before the detour toward the middle; then random
            // ones.
            let mut pairs = match width {
                500 => vec![(Position::new(386, 16), Position::new(449, 999_999_946))],
                _ => Vec::new(),
            };
            for _ in 0..6 {
                let across = |random: &mut Random| random.below(u64::from(width)) as u32;
                let from = Position::new(across(&mut random), random.below(1000) as u32);
                let to = Position::new(across(&mut random), length / 2 + random.below(1000) as u32);
                pairs.push((from, to));
            }
            for (from, to) in pairs {
                let query = Query::new(board, piece, from, to);
                let moves = formula(&mut searcher, query);
                let expected = by_the_board_s_recursion(&mut searcher, query, (a, b))
                    .unwrap_or_else(|| panic!("({a},{b}) {width}: {from:?} {to:?} gave up"));
                assert_eq!(moves, expected, "({a},{b}) {width}: {from:?} {to:?}");
                joined += usize::from(moves.is_some());
            }
        }
    }
    assert!(joined >= 20, "only {joined} pairs joined");
}

/// Pairs whose walk fits no shape from their first square but fits from their second (the
/// shapes start at one end): answered both ways, the same, without a search, and the route
/// walked. The (62,205)-leaper's 264 moves are a separate breadth-first search's; before,
/// these gave up in one direction (A* at its limit).
#[test]
fn pairs_laid_only_from_their_second_square_are_answered_both_ways() {
    let mut searcher = Searcher::new();
    for ((a, b), (files, ranks), (from, to), known) in [
        ((62, 205), (52_994, 378), ("c1", "a377"), Some(264)),
        ((5, 114), (45_818_624, 156), ("wjjua120", "enfpk93"), None),
        ((17, 126), (15_290_524, 174), ("trtpw137", "afrgjr76"), None),
        (
            (73, 111),
            (191, 54_139_148),
            ("bb44898114", "df37923846"),
            None,
        ),
    ] {
        let board = Board::new(files, ranks).unwrap();
        let piece = Piece::leaper(a, b).unwrap();
        let square = |name: &str| board.parse_square(name.as_bytes()).unwrap();
        let (from, to) = (square(from), square(to));
        let there = Query::new(board, piece, from, to);
        let back = Query::new(board, piece, to, from);
        let moves = searcher.search(Engine::Formula, there).unwrap();
        assert_eq!(moves.expanded, 0, "({a},{b}) {from:?} {to:?}");
        assert_eq!(
            moves.moves,
            formula(&mut searcher, back),
            "({a},{b}) {from:?} {to:?}"
        );
        if let Some(known) = known {
            assert_eq!(moves.moves, Some(known));
        }
        check_route(&mut searcher, there, (a, b), moves.moves.unwrap());
    }
}

/// A piece whose legs have a common factor g moves within its square's class, a sub-board of
/// every g-th file and rank: the (300,700)-leaper on a strip 800 wide is the (3,7)-leaper on
/// one 8 wide, whose distances repeat along it. Far pairs of one class are each answered, by
/// the board's own recursion, and as the (3,7)-leaper answers on the sub-board.
#[test]
fn far_pairs_of_a_piece_with_a_common_factor_are_its_class_s() {
    let mut searcher = Searcher::new();
    let mut random = Random::seeded(0x0300_0700);
    let (width, length, g) = (800u32, 1_000_000_000u32, 100u32);
    let (board, piece) = (
        Board::new(width, length).unwrap(),
        Piece::leaper(300, 700).unwrap(),
    );
    let sub_board = Board::new(width / g, length / g).unwrap();
    let in_class = Piece::leaper(3, 7).unwrap();
    // Drawn until a dozen pairs are joined (about one in five is: the rest are unreachable,
    // and are checked as such), at most 200 draws.
    let (mut joined, mut drawn) = (0, 0);
    while joined < 12 && drawn < 200 {
        drawn += 1;
        let class = (random.below(100) as u32, random.below(100) as u32);
        let (near, far) = (random.below(50) as u32, 9_999_900 - random.below(50) as u32);
        let mut square = |rank: u32| {
            let file = g * random.below(u64::from(width / g)) as u32 + class.0;
            Position::new(file, g * rank + class.1)
        };
        let (from, to) = (square(near), square(far));
        let query = Query::new(board, piece, from, to);
        let moves = formula(&mut searcher, query);
        let shrink = |p: Position| Position::new(p.file / g, p.rank / g);
        let within = Query::new(sub_board, in_class, shrink(from), shrink(to));
        assert_eq!(moves, formula(&mut searcher, within), "{from:?} {to:?}");
        let expected = by_the_board_s_recursion(&mut searcher, query, (300, 700))
            .unwrap_or_else(|| panic!("{from:?} {to:?}: a neighbour gave up"));
        assert_eq!(moves, expected, "{from:?} {to:?}");
        if let Some(moves) = moves {
            check_route(&mut searcher, query, (300, 700), moves);
            joined += 1;
        }
    }
    assert!(joined == 12, "only {joined} of {drawn} pairs joined");
}

/// Strips whose distances are not those of the board without edges (the (3,7)-leaper on 8
/// and 9 wide, the (5,7) on 10, the (13,50) on 60, …, and pieces with a common factor, which
/// move within a sub-board of their class: the (6,14) on 16 wide is the (3,7) on 8): from
/// squares at either end and in the middle of a strip 12,000 long (longer where the sub-board
/// must be as long), every seventeenth row's squares and every square of the two rows at each
/// end, against a breadth-first search written apart; each answered without giving up, and
/// every 97th route walked.
#[test]
fn every_seventeenth_row_of_long_narrow_strips_from_their_ends_and_middle() {
    let mut searcher = Searcher::new();
    let mut random = Random::seeded(0x5781_2026);
    let mut checked = 0u64;
    for ((a, b), width, length) in [
        ((3, 7), 8, 12_000u32),
        ((3, 7), 9, 12_000),
        ((5, 7), 10, 12_000),
        ((4, 7), 9, 12_000),
        ((2, 3), 4, 12_000),
        ((5, 18), 20, 12_000),
        ((13, 50), 60, 12_000),
        ((6, 14), 16, 24_000),
        ((6, 9), 12, 60_000),
    ] {
        let board = Board::new(width, length).unwrap();
        let piece = Piece::leaper(a, b).unwrap();
        for rank in [0, 1, length / 2, length - 1] {
            let from = Position::new(random.below(u64::from(width)) as u32, rank);
            let truth = plain_distances(board, piece, from);
            for to_rank in (0..length).filter(|&r| r % 17 == 0 || r < 2 || r >= length - 2) {
                for to_file in 0..width {
                    let to = Position::new(to_file, to_rank);
                    let query = Query::new(board, piece, from, to);
                    let expected = truth.to(to);
                    assert_eq!(
                        formula(&mut searcher, query),
                        expected,
                        "({a},{b}) {board:?}: {from:?} {to:?}"
                    );
                    checked += 1;
                    if let Some(moves) = expected.filter(|_| checked % 97 == 0) {
                        check_route(&mut searcher, query, (a, b), moves);
                    }
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// Around the middle of a board of 601 × 601, every square against a search from the middle:
/// the closed form far from the edges, its table near the origin, and the rays.
#[test]
fn windows_around_the_middle_of_a_big_board_for_every_leaper_up_to_8() {
    let mut searcher = Searcher::new();
    let side = 601;
    let board = Board::new(side, side).unwrap();
    let middle = (side / 2, side / 2);
    for (a, b) in small_leapers() {
        let piece = Piece::leaper(a, b).unwrap();
        let from = Position::new(middle.0, middle.1);
        let expected = plain_distances(board, piece, from);
        let mut random = Random::seeded(u64::from(a * 100 + b) + 7);
        for rank in 0..side {
            for file in 0..side {
                let to = Position::new(file, rank);
                let query = Query::new(board, piece, from, to);
                let found = formula(&mut searcher, query);
                assert_eq!(found, expected.to(to), "({a},{b}) {to:?}");
                if let Some(moves) = found.filter(|_| random.below(400) == 0) {
                    check_route(&mut searcher, query, (a, b), moves);
                }
            }
        }
    }
}

/// Far out on a board of 10⁹ × 10⁹, for random leapers up to b = 50 and the named pieces: the
/// formula answers at once, without searching, and its distance obeys d(p) = 1 + min over the
/// moves of d(p − m), which only the distance does; its route is walked, move by move.
#[test]
fn far_pairs_of_a_huge_board_obey_the_recursion() {
    // No search: the formula answers every piece this far from the edges at once.
    let mut searcher = Searcher::with_max_nodes(1);
    let board = Board::new(1_000_000_000, 1_000_000_000).unwrap();
    let mut random = Random::seeded(0x9e37_79b9_7f4a_7c15);
    let named = [
        (1, 2),
        (1, 3),
        (2, 3),
        (1, 4),
        (0, 1),
        (1, 1),
        (0, 2),
        (2, 2),
        (0, 3),
        (3, 3),
    ];
    let mut pieces: Vec<(u32, u32)> = named.to_vec();
    while pieces.len() < named.len() + 30 {
        let b = 1 + random.below(50) as u32;
        pieces.push((random.below(u64::from(b) + 1) as u32, b));
    }
    let mut answered = 0;
    for (a, b) in pieces {
        let piece = Piece::leaper(a, b).unwrap();
        let mut coordinate = || 1_000 + random.below(999_998_000) as u32;
        let from = Position::new(coordinate(), coordinate());
        let to = Position::new(coordinate(), coordinate());
        let query = Query::new(board, piece, from, to);
        let outcome = searcher
            .search(Engine::Formula, query)
            .unwrap_or_else(|error| panic!("({a},{b}) {query:?}: {error}"));
        answered += 1;
        assert_eq!(outcome.expanded, 0, "({a},{b}) searched");
        let expected = by_the_board_s_recursion(&mut searcher, query, (a, b))
            .unwrap_or_else(|| panic!("({a},{b}) {query:?}: a neighbour's search gave up"));
        assert_eq!(outcome.moves, expected, "({a},{b}) {from:?} {to:?}");
        if let Some(moves) = outcome.moves.filter(|&moves| moves < 1_000_000) {
            check_route(
                &mut Searcher::with_max_nodes(1_000_000),
                query,
                (a, b),
                moves,
            );
        }
    }
    assert_eq!(answered, 40);
}

/// Far pairs of a board of 10⁹ × 10⁹ for random big pieces (legs from 1,000 to 1,000,000),
/// whose shortest walks make hundreds of thousands of corrections: answered without a search,
/// and obeying the recursion d(p) = 1 + min over the moves of d(p − m).
#[test]
fn far_pairs_of_big_pieces_are_answered_without_a_search() {
    let mut searcher = Searcher::with_max_nodes(1);
    let board = Board::new(1_000_000_000, 1_000_000_000).unwrap();
    let mut random = Random::seeded(0x00b1_6023);
    for _ in 0..30 {
        let b = 1_000 + random.below(999_001) as u32;
        let a = random.below(u64::from(b) + 1) as u32;
        let piece = Piece::leaper(a, b).unwrap();
        let mut coordinate = || 100_000_000 + random.below(800_000_000) as u32;
        let (from, to) = (
            Position::new(coordinate(), coordinate()),
            Position::new(coordinate(), coordinate()),
        );
        let query = Query::new(board, piece, from, to);
        let outcome = searcher
            .search(Engine::Formula, query)
            .unwrap_or_else(|error| panic!("({a},{b}) {query:?}: {error}"));
        assert_eq!(outcome.expanded, 0, "({a},{b}) {query:?} searched");
        let expected = by_the_board_s_recursion(&mut searcher, query, (a, b))
            .unwrap_or_else(|| panic!("({a},{b}) {query:?}: a neighbour's search gave up"));
        assert_eq!(outcome.moves, expected, "({a},{b}) {query:?}");
    }
}

/// From the corners and edges of a board of 10⁹ to squares A* can still reach (a few hundred
/// moves), for the named pieces: the formula's distance is A*'s.
#[test]
fn near_corners_and_edges_of_a_huge_board_the_formula_is_a_star() {
    let mut searcher = Searcher::with_max_nodes(5_000_000);
    let side = 1_000_000_000;
    let board = Board::new(side, side).unwrap();
    let mut random = Random::seeded(23);
    for (a, b) in [
        (1, 3),
        (2, 3),
        (1, 4),
        (0, 1),
        (1, 1),
        (0, 2),
        (2, 2),
        (3, 3),
    ] {
        let piece = Piece::leaper(a, b).unwrap();
        for (from_file, from_rank) in [(0, 0), (side - 1, 0), (0, 5), (7, side - 1), (side / 2, 0)]
        {
            let from = Position::new(from_file, from_rank);
            for _ in 0..4 {
                let mut near = |at: u32| {
                    let shift = random.below(300) as i64 - 150;
                    (i64::from(at) + shift).clamp(0, i64::from(side) - 1) as u32
                };
                let to = Position::new(near(from_file), near(from_rank));
                let query = Query::new(board, piece, from, to);
                let astar = searcher.distance(Engine::Astar, query).unwrap();
                assert_eq!(
                    formula(&mut searcher, query),
                    astar,
                    "({a},{b}) {from:?} {to:?}"
                );
            }
        }
    }
}

/// Far pairs along the edges and between corners of a board of 10⁹, for the named pieces and
/// the leapers up to (8,8): where the formula answers without searching, its distance obeys the
/// board's own recursion, d(p) = 1 + min over p's neighbours on the board (which only the
/// distance on that board does), and its route is walked when short enough.
#[test]
fn far_pairs_along_edges_obey_the_board_s_recursion() {
    let mut searcher = Searcher::with_max_nodes(10_000);
    let side = 1_000_000_000u32;
    let board = Board::new(side, side).unwrap();
    let last = side - 1;
    let ends = [
        ((0, 0), (last, 0)),
        ((0, 0), (0, last)),
        ((0, 0), (last, last)),
        ((5, 0), (last - 3, 2)),
        ((last, last), (2, last)),
        ((1, last / 2), (0, last / 3)),
    ];
    let mut answered = 0;
    for (a, b) in small_leapers() {
        let piece = Piece::leaper(a, b).unwrap();
        for &((ff, fr), (tf, tr)) in &ends {
            let (from, to) = (Position::new(ff, fr), Position::new(tf, tr));
            let query = Query::new(board, piece, from, to);
            let Ok(outcome) = searcher.search(Engine::Formula, query) else {
                continue; // searched, and given up this far
            };
            if outcome.expanded > 0 {
                continue;
            }
            // `None`: a neighbour's distance not known (its search gave up): skipped.
            let Some(expected) = by_the_board_s_recursion(&mut searcher, query, (a, b)) else {
                continue;
            };
            answered += 1;
            assert_eq!(outcome.moves, expected, "({a},{b}) {from:?} {to:?}");
        }
    }
    assert!(answered >= 100, "only {answered} pairs answered");
}

/// A piece whose legs are near the largest allowed: b⁴ passes u64 (10²⁴ for (999999,10⁶)),
/// which overflowed (a panic where overflow is checked, as in the tests) when the formula
/// weighed whether its closed form was worth making. It is declined, and a search answers.
#[test]
fn the_largest_pieces_do_not_overflow_the_formula() {
    let mut searcher = Searcher::with_max_nodes(1_000);
    let board = Board::new(1_000_000_000, 1_000_000_000).unwrap();
    for (a, b) in [
        (999_999, 1_000_000),
        (1, 1_000_000),
        (1, 65_536),
        (3, 70_001),
    ] {
        let piece = Piece::leaper(a, b).unwrap();
        let from = Position::new(1, 1);
        let to = Position::new(1 + a, 1 + b);
        let query = Query::new(board, piece, from, to);
        assert_eq!(formula(&mut searcher, query), Some(1), "({a},{b})");
    }
}
