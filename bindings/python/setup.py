"""Packs the staged package into a platform wheel.

Everything is configured in pyproject.toml; this file only tells setuptools
that the package holds native code, so that the wheel is tagged for this
interpreter and platform (cp3X-cp3X-linux_<arch>) instead of py3-none-any.
"""
from setuptools import setup
from setuptools.dist import Distribution


class BinaryDistribution(Distribution):
    """A distribution with a prebuilt extension module (kma/_kma*.so)."""

    def has_ext_modules(self):
        return True


setup(distclass=BinaryDistribution)
