from flashrag.refiner.refiner import *
from flashrag.refiner.kg_refiner import *