"""The one exception type the CLI turns into a one-line message and a non-zero exit code."""


class Wordle64Error(Exception):
    """A problem the user can fix, described in one sentence (file, line, problem where known)."""


class NoCandidate(Wordle64Error):
    """The clues leave no word: the solver commands exit with their own code for it."""

    exit_code = 3
