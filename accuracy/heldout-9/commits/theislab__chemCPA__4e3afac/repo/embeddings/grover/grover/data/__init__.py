from grover.data.moldataset import MoleculeDatapoint, MoleculeDataset
from grover.data.molfeaturegenerator import (
    get_available_features_generators,
    get_features_generator,
)
from grover.data.molgraph import (
    BatchMolGraph,
    MolCollator,
    MolGraph,
    get_atom_fdim,
    get_bond_fdim,
    mol2graph,
)
from grover.data.scaler import StandardScaler

# from .utils import load_features, save_features
