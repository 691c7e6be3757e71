from ._eng import ConvNet, EnergyModel, ForceModel  # noqa: F401
