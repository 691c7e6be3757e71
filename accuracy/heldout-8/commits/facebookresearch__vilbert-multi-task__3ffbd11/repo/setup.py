#!/usr/bin/env python
from setuptools import setup


setup(
    name="multimodal_bert",
    version="0.0.0",
    author="Jiasen Lu and Karan Desai",
    description="Experiments for multi-modal BERT: Learning vision and language representations.",
    license="MIT",
    zip_safe=True,
)
