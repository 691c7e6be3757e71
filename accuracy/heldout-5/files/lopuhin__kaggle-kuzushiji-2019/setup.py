from setuptools import setup, find_packages


setup(
    name='kuzushiji',
    packages=find_packages(),
)
