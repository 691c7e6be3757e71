from setuptools import setup

setup(name='castor',
      version='1.0.0',
      description='models for question answering',
      packages=['sm_cnn'],
      )
