from ._arraylike_field import (
    CategoricalJointObsField,
    CategoricalJointVarField,
    MuDataCategoricalJointObsField,
    MuDataCategoricalJointVarField,
    MuDataNumericalJointObsField,
    MuDataNumericalJointVarField,
    MuDataObsmField,
    MuDataVarmField,
    NumericalJointObsField,
    NumericalJointVarField,
    ObsmField,
    VarmField,
)
from ._base_field import AnnDataField, BaseAnnDataField
from ._dataframe_field import (
    CategoricalObsField,
    CategoricalVarField,
    MuDataCategoricalObsField,
    MuDataCategoricalVarField,
    MuDataNumericalObsField,
    MuDataNumericalVarField,
    NumericalObsField,
    NumericalVarField,
)
from ._layer_field import LayerField, MuDataLayerField
from ._mudata import BaseMuDataWrapperClass, MuDataWrapper
from ._protein import MuDataProteinLayerField, ProteinObsmField
from ._scanvi import LabelsWithUnlabeledObsField
from ._uns_field import StringUnsField

__all__ = [
    "BaseAnnDataField",
    "BaseMuDataWrapperClass",
    "MuDataWrapper",
    "AnnDataField",
    "LayerField",
    "MuDataLayerField",
    "MuDataProteinLayerField",
    "NumericalObsField",
    "NumericalVarField",
    "MuDataNumericalObsField",
    "MuDataNumericalVarField",
    "CategoricalObsField",
    "CategoricalVarField",
    "MuDataCategoricalObsField",
    "MuDataCategoricalVarField",
    "ObsmField",
    "VarmField",
    "MuDataObsmField",
    "MuDataVarmField",
    "NumericalJointObsField",
    "NumericalJointVarField",
    "MuDataNumericalJointObsField",
    "MuDataNumericalJointVarField",
    "CategoricalJointObsField",
    "CategoricalJointVarField",
    "MuDataCategoricalJointObsField",
    "MuDataCategoricalJointVarField",
    "ProteinObsmField",
    "LabelsWithUnlabeledObsField",
    "StringUnsField",
]
