"""Shared fixtures of the kma Python tests.

ctest (bindings/python/CMakeLists.txt) runs them on the staged package with:
KMA_GOLDEN_DIR (tests/golden), KMA_INCLUDE_DIR (capi/include, the C headers
the binding is checked against), KMA_CLI (the kma command, for parity),
KMA_SHARED_DATA_DIR (../shared/data, may be absent).
"""
import os
import pathlib

import pytest

import kma

HERE = pathlib.Path(__file__).resolve().parent


@pytest.fixture(scope="session")
def analyzer():
    return kma.Analyzer()


@pytest.fixture(scope="session")
def golden_dir():
    path = os.environ.get("KMA_GOLDEN_DIR") or str(HERE.parents[2] / "tests" / "golden")
    return pathlib.Path(path)


@pytest.fixture(scope="session")
def include_dir():
    path = os.environ.get("KMA_INCLUDE_DIR") or str(HERE.parents[2] / "capi" / "include")
    return pathlib.Path(path)


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("KMA_CLI")
    if not path or not os.path.exists(path):
        pytest.skip("KMA_CLI (the kma command) is not set; run through ctest")
    return path


@pytest.fixture(scope="session")
def fixture_text():
    return HERE / "data" / "fixture.txt"


@pytest.fixture(scope="session")
def shared_data():
    """../shared/data, or None when it is absent."""
    path = os.environ.get("KMA_SHARED_DATA_DIR") or str(HERE.parents[3] / "shared" / "data")
    return pathlib.Path(path) if os.path.isdir(path) else None
