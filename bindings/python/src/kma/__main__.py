"""``python -m kma ...``: the kma command-line tool that the wheel carries.

Runs the ``kma`` program shipped inside the package (``kma/bin/kma``, the
same CLI ``cmake --install`` installs) with the given arguments, e.g.
``python -m kma analyze -f json input.txt``. Unless ``KMA_MODEL`` is set or
``--model`` is given, it analyses with the model inside the package.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from ._model import BUNDLED_MODEL


def main(argv: list[str]) -> int:
    cli = Path(__file__).resolve().parent / "bin" / "kma"
    if not cli.is_file():
        print(f"kma: {cli} is missing: this installation of the package has no CLI",
              file=sys.stderr)
        return 2
    env = dict(os.environ)
    if not env.get("KMA_MODEL") and BUNDLED_MODEL.is_file():
        env["KMA_MODEL"] = str(BUNDLED_MODEL)
    sys.stdout.flush()
    os.execve(cli, [str(cli)] + argv, env)
    return 2  # not reached: execve replaces the process or raises


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
