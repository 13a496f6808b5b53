//! Answers in JSON, token by token: JSON's punctuation (`{`, `}`, `[`, `]`, `:` and `,`) ends
//! a token and is a token of its own, so that the white space around it is judged as any
//! other (where space does not count, `{"line": 1}` is `{"line":1}`); inside a string it is a
//! byte of its token like any other (a source named `a,b.in`), so the expected answers'
//! strings are followed byte by byte, escapes too.

use crate::sink::check::is_space;

/// JSON's punctuation, a token of its own.
pub(super) fn is_punctuation(byte: u8) -> bool {
    matches!(byte, b'{' | b'}' | b'[' | b']' | b':' | b',')
}

/// Where the expected answers stand in JSON's strings: whether inside one, and just after its
/// backslash.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct JsonString {
    inside: bool,
    escaped: bool,
}

impl JsonString {
    /// The state after `byte`. (JSON Lines: no string goes on past its line.)
    pub fn take(&mut self, byte: u8) {
        match (self.inside, self.escaped, byte) {
            (_, _, b'\n') => *self = JsonString::default(),
            (true, true, _) => self.escaped = false,
            (true, false, b'\\') => self.escaped = true,
            (true, false, b'"') => self.inside = false,
            (false, _, b'"') => self.inside = true,
            _ => {}
        }
    }

    /// Whether `byte` ends a token here: white space, or punctuation outside a string.
    pub fn ends_token(self, byte: u8) -> bool {
        is_space(byte) || (!self.inside && is_punctuation(byte))
    }

    /// Where the token that begins `bytes`, in this state, ends.
    pub fn token_end(mut self, bytes: &[u8]) -> usize {
        for (at, &byte) in bytes.iter().enumerate() {
            if self.ends_token(byte) {
                return at;
            }
            self.take(byte);
        }
        bytes.len()
    }
}

/// Where the answers are in JSON, the state of their strings: now, and where the token being
/// compared began (a verdict shows each side's token from there, its punctuation read as the
/// strings say).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Json {
    pub string: JsonString,
    pub token_string: JsonString,
}

impl Json {
    /// Follows the strings through `run`: where in it the last token ended (at the byte that
    /// ended it), the state after that byte kept as where the next token begins.
    pub fn follow(&mut self, run: &[u8]) -> Option<usize> {
        let mut last_end = None;
        for (at, &byte) in run.iter().enumerate() {
            let ends = self.string.ends_token(byte);
            self.string.take(byte);
            if ends {
                last_end = Some(at);
                self.token_string = self.string;
            }
        }
        last_end
    }
}

/// How a checker splits tokens: at white space, and in JSON ([`Json`]) at punctuation outside
/// a string.
pub(super) fn ends_token(json: Option<JsonString>, byte: u8) -> bool {
    match json {
        Some(string) => string.ends_token(byte),
        None => is_space(byte),
    }
}

/// Where the last token of `line` (a line's bytes from its start, in JSON) begins, and the
/// state of the strings at its end.
pub(super) fn last_token(line: &[u8]) -> (usize, JsonString) {
    let mut json = Json::default();
    let start = json.follow(line).map_or(0, |end| end + 1);
    (start, json.string)
}
