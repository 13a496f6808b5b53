"""Knight Moves (POJ 1915, Baekjoon 7562): a breadth-first search from the starting square for
each scenario, stopping when it reaches the end square. The board is kept as one flat list with
a margin of two blocked squares on every side, so that a jump needs no bounds test."""
import sys

BLOCKED = -2


def moves(side, start, end):
    if start == end:
        return 0
    width = side + 4
    distance = [BLOCKED] * (width * width)
    for x in range(side):
        row = (x + 2) * width + 2
        distance[row:row + side] = [-1] * side
    jumps = [dx * width + dy for dx, dy in
             ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))]
    source = (start[0] + 2) * width + start[1] + 2
    target = (end[0] + 2) * width + end[1] + 2
    distance[source] = 0
    layer = [source]
    steps = 0
    while layer:
        steps += 1
        following = []
        for square in layer:
            for jump in jumps:
                step = square + jump
                if distance[step] == -1:
                    if step == target:
                        return steps
                    distance[step] = steps
                    following.append(step)
        layer = following
    return -1


def main():
    tokens = sys.stdin.buffer.read().split()
    count = int(tokens[0])
    answers = []
    for i in range(count):
        side, x0, y0, x1, y1 = map(int, tokens[1 + 5 * i:6 + 5 * i])
        answers.append(moves(side, (x0, y0), (x1, y1)))
    sys.stdout.write("".join(f"{answer}\n" for answer in answers))


main()
