# (C) Copyright 2024 Anemoi contributors.
#
# This software is licensed under the terms of the Apache Licence Version 2.0
# which can be obtained at http://www.apache.org/licenses/LICENSE-2.0.
#
# In applying this licence, ECMWF does not waive the privileges and immunities
# granted to it by virtue of its status as an intergovernmental organisation
# nor does it submit to any jurisdiction.

from .builders.from_file import AnemoiDatasetNodes
from .builders.from_file import LimitedAreaNPZFileNodes
from .builders.from_file import NPZFileNodes
from .builders.from_file import TextNodes
from .builders.from_file import XArrayNodes
from .builders.from_healpix import HEALPixNodes
from .builders.from_healpix import LimitedAreaHEALPixNodes
from .builders.from_icon import ICONCellGridNodes
from .builders.from_icon import ICONMultiMeshNodes
from .builders.from_reduced_gaussian import ReducedGaussianGridNodes
from .builders.from_refined_icosahedron import HexNodes
from .builders.from_refined_icosahedron import LimitedAreaHexNodes
from .builders.from_refined_icosahedron import LimitedAreaTriNodes
from .builders.from_refined_icosahedron import StretchedTriNodes
from .builders.from_refined_icosahedron import TriNodes
from .builders.from_vectors import LatLonNodes

__all__ = [
    "AnemoiDatasetNodes",
    "NPZFileNodes",
    "TriNodes",
    "HexNodes",
    "HEALPixNodes",
    "LatLonNodes",
    "LimitedAreaHEALPixNodes",
    "LimitedAreaNPZFileNodes",
    "LimitedAreaTriNodes",
    "LimitedAreaHexNodes",
    "ReducedGaussianGridNodes",
    "StretchedTriNodes",
    "ICONMultiMeshNodes",
    "ICONCellGridNodes",
    "TextNodes",
    "XArrayNodes",
]
