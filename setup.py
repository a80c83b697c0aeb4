"""Build of meeple's one compiled part, the Hive native core (src/meeple/games/hive/cpp, C++17, pybind11).

Everything else about the package is in pyproject.toml. Without a C++ compiler or Python's headers the
build stops with one line naming what is missing (docs/architecture.md, "The Hive native core").
"""

from __future__ import annotations

import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCES = sorted(str(path) for path in Path("src/meeple/games/hive/cpp").glob("*.cpp"))


class CheckedBuildExt(build_ext):
    """build_ext that first checks the compiler and the headers, and says in one line what is missing."""

    def build_extensions(self) -> None:
        for kind in ("compiler_cxx", "compiler_so"):  # C++ compiles with the one, links with the other
            command = getattr(self.compiler, kind, None)
            program = command[0] if command else "c++"
            if shutil.which(program) is None:
                sys.exit(f"meeple: the Hive native core needs a C++ compiler ({program} not found): "
                         "on Debian, apt-get install g++")
        include = sysconfig.get_paths().get("include", "")
        if not Path(include, "Python.h").exists():
            sys.exit(f"meeple: the Hive native core needs Python's C headers (no Python.h in {include}): "
                     "on Debian, apt-get install python3-dev")
        try:
            import pybind11
        except ImportError:
            sys.exit("meeple: the Hive native core needs pybind11 to build: pip install pybind11")
        for extension in self.extensions:
            extension.include_dirs.append(pybind11.get_include())
        super().build_extensions()


setup(
    ext_modules=[
        Extension(
            "meeple.games.hive._engine",
            sources=SOURCES,
            depends=sorted(str(path) for path in Path("src/meeple/games/hive/cpp").glob("*.hpp")),
            language="c++",
            extra_compile_args=["-std=c++17", "-O3", "-fvisibility=hidden", "-Wall", "-Wextra"],
        )
    ],
    cmdclass={"build_ext": CheckedBuildExt},
)
