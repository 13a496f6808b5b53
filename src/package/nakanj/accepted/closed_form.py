"""Minimum Knight Moves (SPOJ NAKANJ) in closed form: the distance on a board without edges,
which is the distance on the 8x8 board for every pair but a corner and the square diagonally
next to it (a1 b2, h1 g2, a8 b7, h8 g7, either way): 4 moves there, where without edges 2
would do."""
import sys

CORNERS = {(0, 0), (7, 0), (0, 7), (7, 7)}


def unbounded(dx, dy):
    """The fewest knight moves between squares dx files and dy ranks apart, without edges."""
    dx, dy = max(abs(dx), abs(dy)), min(abs(dx), abs(dy))
    if (dx, dy) == (1, 0):
        return 3
    if (dx, dy) == (2, 2):
        return 4
    delta = dx - dy
    if dy > delta:
        return delta - 2 * ((delta - dy) // 3)
    return delta - 2 * ((delta - dy) // 4)


def moves(source, target):
    a = (ord(source[0]) - ord("a"), int(source[1]) - 1)
    b = (ord(target[0]) - ord("a"), int(target[1]) - 1)
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) == 1 and abs(dy) == 1 and (a in CORNERS or b in CORNERS):
        return 4
    return unbounded(dx, dy)


def main():
    tokens = sys.stdin.read().split()
    count = int(tokens[0])
    answers = [moves(tokens[1 + 2 * i], tokens[2 + 2 * i]) for i in range(count)]
    sys.stdout.write("".join(f"{answer}\n" for answer in answers))


main()
