//! The bare number of moves, as SPOJ NAKANJ and POJ 1915 want their answers: `6`, or `-1` for a
//! pair no knight can join; with `--path`, the route after it, its squares separated by single
//! spaces.

use std::io;

use crate::board::Position;
use crate::format::{
    Answer, RouteLayout, RouteStart, Spill, SquareNotation, plain_name, push_typed_route,
};

/// Where a bare number's line holds its route: after the number, squares as typed (NAKANJ) or
/// as coordinates (POJ 1915).
pub(crate) fn route(naming: Naming) -> RouteLayout {
    let squares = match naming {
        Naming::AsTyped => SquareNotation::Names,
        Naming::Coordinates => SquareNotation::Coordinates,
    };
    RouteLayout {
        squares,
        starts: RouteStart::AfterFirstToken,
        full_stop: false,
    }
}

/// How the squares of a route are named after the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Naming {
    /// In algebraic notation, the ends as typed (NAKANJ).
    AsTyped,
    /// As `x,y` coordinates from 0, as the input gives them (POJ 1915).
    Coordinates,
}

/// Appends one answer as a number, and its route when asked.
pub(crate) fn push_number(
    out: &mut Vec<u8>,
    answer: &Answer,
    route: Option<&[Position]>,
    naming: Naming,
    spill: Spill,
) -> io::Result<()> {
    let Some(moves) = answer.moves else {
        out.extend_from_slice(b"-1\n");
        return Ok(());
    };
    out.extend_from_slice(itoa::Buffer::new().format(moves).as_bytes());
    if let Some(route) = route {
        out.push(b' ');
        match naming {
            Naming::AsTyped => {
                push_typed_route(out, answer.query, route, b" ", plain_name, spill)?;
            }
            Naming::Coordinates => push_coordinates(out, route, spill)?,
        }
    }
    out.push(b'\n');
    Ok(())
}

/// Appends the squares of `route` as `x,y`, separated by single spaces.
fn push_coordinates(out: &mut Vec<u8>, route: &[Position], spill: Spill) -> io::Result<()> {
    let mut number = itoa::Buffer::new();
    for (index, square) in route.iter().enumerate() {
        if index > 0 {
            out.push(b' ');
        }
        out.extend_from_slice(number.format(square.file).as_bytes());
        out.push(b',');
        out.extend_from_slice(number.format(square.rank).as_bytes());
        if out.len() >= crate::format::SPILL_BYTES {
            spill(out)?;
        }
    }
    Ok(())
}
