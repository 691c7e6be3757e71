from .FeatureClass import FeatureClass
from .BSA import BSA
from .AtomicFeature import AtomicFeature
from .FullPSSM import FullPSSM
from .NaivePSSM import NaivePSSM
from .PSSM_IC import PSSM_IC
from .ResidueDensity import ResidueDensity
