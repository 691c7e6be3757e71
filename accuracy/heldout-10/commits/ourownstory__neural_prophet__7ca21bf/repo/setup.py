import setuptools

setuptools.setup(
    name="neuralprophet",
    version="0.0.1",
    description="A neural network designed for forecasting",
    packages=setuptools.find_packages(),
    python_requires='>=3.7',
)
