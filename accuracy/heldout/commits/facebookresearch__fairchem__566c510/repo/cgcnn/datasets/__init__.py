from .ulissigroup_co import UlissigroupCO
from .xie_grossman_mat_proj import XieGrossmanMatProj
