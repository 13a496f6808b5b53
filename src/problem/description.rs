//! What each judge problem is, declared once: the judges that set it, its input and its
//! answers, and which of the answering features mean something for it. The command line
//! refuses a feature a problem has no use for from this description, and `--help`'s Problems
//! section is written from it (the guide's table is held to it by a test); adding a problem is
//! its description here and its grammar beside it, nothing else.

use std::fmt;

use crate::problem::Problem;

/// A problem as the user meets it.
#[derive(Debug)]
pub(crate) struct Description {
    /// The judges that set it, the first the problem's name.
    pub judges: &'static str,
    /// Its input and answers, in a few words.
    pub summary: &'static str,
    /// The features it takes, of those that vary between problems.
    pub takes: &'static [Feature],
}

/// An answering feature some problems have no use for, by the option that asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Feature {
    /// Another board than 8×8 (`--board`): the other problems' boards are 8×8 or come from
    /// their input.
    Board,
    /// Another piece than the knight (`--piece`).
    Piece,
    /// The table engine, which knows the knight on 8×8 only (`--algorithm table`): refused
    /// where the boards or pieces change from query to query.
    Table,
    /// Routes with the answers (`--path`).
    Routes,
    /// Answers as rows, objects or traces (`--format tsv|json|trace`).
    Formats,
    /// Pictures of the searches (`--draw`, `--report`).
    Pictures,
    /// The engines' figures (`--stats`, `--compare`).
    Figures,
}

impl Feature {
    /// Every feature, in the order messages and `--help` name them.
    pub(crate) const ALL: [Feature; 7] = [
        Feature::Board,
        Feature::Piece,
        Feature::Table,
        Feature::Routes,
        Feature::Formats,
        Feature::Pictures,
        Feature::Figures,
    ];
}

impl fmt::Display for Feature {
    /// The options that ask for the feature, as typed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Feature::Board => "--board",
            Feature::Piece => "--piece",
            Feature::Table => "--algorithm table",
            Feature::Routes => "--path",
            Feature::Formats => "--format",
            Feature::Pictures => "--draw/--report",
            Feature::Figures => "--stats/--compare",
        })
    }
}

impl Problem {
    /// The problem's description.
    pub(crate) fn description(self) -> &'static Description {
        match self {
            Problem::Uva439 => &Description {
                judges: "UVa 439 = POJ 2243 = HDU 1372 = ZOJ 1091",
                summary: "lines `e2 e4`; the judge's sentence",
                takes: &Feature::ALL,
            },
            Problem::Nakanj => &Description {
                judges: "SPOJ NAKANJ",
                summary: "T, then T lines `e2 e4`; each a number",
                takes: &[
                    Feature::Table,
                    Feature::Routes,
                    Feature::Formats,
                    Feature::Pictures,
                    Feature::Figures,
                ],
            },
            Problem::Poj1915 => &Description {
                judges: "POJ 1915 = Baekjoon 7562",
                summary: "scenarios of a side, `x y`, `x y`; each a number, or -1",
                takes: &[Feature::Routes],
            },
            Problem::CsesGrid => &Description {
                judges: "CSES 3217",
                summary: "n; the moves from a corner to every square",
                takes: &[],
            },
            Problem::Knightl => &Description {
                judges: "HackerRank KnightL",
                summary: "n; each (i,j)-leaper's moves corner to corner",
                takes: &[],
            },
        }
    }

    /// Whether the problem takes `feature`.
    pub(crate) fn takes(self, feature: Feature) -> bool {
        self.description().takes.contains(&feature)
    }

    /// The problem's line in `--help`'s Problems: its name, judges and summary, and which of
    /// the features ([`Feature::ALL`]) it takes.
    pub(crate) fn help(self) -> String {
        let description = self.description();
        let named = |features: Vec<Feature>| {
            let names: Vec<String> = features.iter().map(ToString::to_string).collect();
            names.join(", ")
        };
        let (taken, refused): (Vec<Feature>, Vec<Feature>) = Feature::ALL
            .into_iter()
            .partition(|feature| self.takes(*feature));
        let takes = match (taken.len(), refused.len()) {
            (_, 0) => "all".to_owned(),
            (0, _) => "none".to_owned(),
            (taken_count, refused_count) if refused_count < taken_count => {
                format!("all but {}", named(refused))
            }
            _ => format!("{} only", named(taken)),
        };
        format!(
            "  {:<10} {}: {}; {takes}",
            self.name(),
            description.judges,
            description.summary
        )
    }
}
