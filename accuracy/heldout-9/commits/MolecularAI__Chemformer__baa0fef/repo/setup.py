from setuptools import setup

setup(
    name="molbart",
    version="0.1.0",
    packages=["molbart"]
)
