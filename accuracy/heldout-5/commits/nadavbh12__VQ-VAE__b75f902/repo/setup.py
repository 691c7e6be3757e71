from setuptools import setup

setup(name='vq_vae',
      version='0.0.1',
      install_requires=['torch>=0.3.0',
                        'torchvision>=0.2.0',
                        'numpy']
)
