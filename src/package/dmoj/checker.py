# DMOJ's custom checker for a problem folder that knight-moves wrote (`package --format dmoj`):
# the verdict is knight-moves' own, `knight-moves checker kattis`, the output validator of the
# Kattis-format packages, run from the copy of knight-moves beside this file. DMOJ's judge
# loads this module and calls check() in its own process, for each case that a submission's
# program ran to its end; init.yml names it, with knight-moves' options:
#
#   checker:
#     name: checker.py
#     args: {options: ["--problem", "uva439", "--path"]}
#
# and, where a site wants them, Kattis' validator flags (`flags: [case_sensitive]`), which
# knight-moves takes as problemtools' default validator does.
#
# Accepted (42): the case's points. Rejected (43): none, with the line of the output that
# knight-moves names for the contestant as feedback (teammessage.txt, which never shows the
# right answer). Anything else is DMOJ's internal error (IE), with knight-moves' words, and
# never the submission's fault: a judge failure (the answer file is not knight-moves' answer,
# the input is not the problem's), or a copy of knight-moves that is missing, does not run on
# this judge host (it must be a Linux x86-64 build; a static one runs anywhere) or is too slow.
import os
import shutil
import subprocess
import tempfile

from dmoj.error import InternalError
from dmoj.result import CheckerResult

KNIGHT_MOVES = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'knight-moves')

# Seconds for one case: knight-moves judges answers as fast as it reads them, milliseconds here.
TIMEOUT = 60


def _words(values):
    """init.yml's list as strings (DMOJ hands it over as its own ConfigNode)."""
    if hasattr(values, 'unwrap'):
        values = values.unwrap()
    return [str(value) for value in values]


def _read(path):
    """A feedback file's text, stripped; empty where there is none."""
    try:
        with open(path, encoding='utf-8', errors='replace') as file:
            return file.read().strip()
    except OSError:
        return ''


def check(process_output, judge_output, judge_input=b'', point_value=0, options=(), flags=(),
          **kwargs):
    with tempfile.TemporaryDirectory(prefix='knight-moves-') as folder:
        paths = {}
        for name, data in (('input', judge_input), ('answer', judge_output),
                           ('output', process_output)):
            paths[name] = os.path.join(folder, name)
            with open(paths[name], 'wb') as file:
                file.write(bytes(data))
        feedback = os.path.join(folder, 'feedback')
        os.mkdir(feedback)
        program = KNIGHT_MOVES
        if os.path.isfile(program) and not os.access(program, os.X_OK):
            # Its mode lost on the way to the judge (a copy, an archive): run a copy made
            # executable, the problem's folder left as it is.
            program = shutil.copy(program, os.path.join(folder, 'knight-moves'))
            os.chmod(program, 0o755)
        command = [program, 'checker', 'kattis', *_words(options), '--', paths['input'],
                   paths['answer'], feedback + os.sep, *_words(flags)]
        try:
            with open(paths['output'], 'rb') as output:
                ran = subprocess.run(command, stdin=output, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            raise InternalError('knight-moves took more than %d s to judge the case' % TIMEOUT)
        except OSError as error:
            raise InternalError('cannot run %s: %s' % (KNIGHT_MOVES, error))
        if ran.returncode == 42:
            return CheckerResult(True, point_value)
        if ran.returncode == 43:
            said = _read(os.path.join(feedback, 'teammessage.txt'))
            return CheckerResult(False, 0, feedback=said or None)
        said = _read(os.path.join(feedback, 'judgemessage.txt'))
        said = said or ran.stderr.decode('utf-8', 'replace').strip()
        raise InternalError('knight-moves checker kattis exited with %s: %s'
                            % (ran.returncode, said.replace(folder + os.sep, '')))
