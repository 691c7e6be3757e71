import json
from collections.abc import Mapping, MutableMapping
from typing import Any, Optional, TypeVar

from metatomic.torch import ModelMetadata


_MutableMappingType = TypeVar("_MutableMappingType", bound=MutableMapping)


def update(d: _MutableMappingType, u: Mapping[Any, Any]) -> _MutableMappingType:
    """Recursively update a mapping (e.g. a dictionary).

    :param d: The mapping to be updated. It will be modified in place, so this
        has to be a mutable mapping, like a dictionary.
    :param u: The mapping with the updates.

    :return: The updated mapping. The update is done in place, so the
        returned mapping is the same object as the input mapping ``d``.
    """
    for k, v in u.items():
        if isinstance(v, Mapping):
            d[k] = update(d.get(k, {}), v)
        elif isinstance(v, list):
            if k in d:
                for item in v:
                    if item not in d[k]:
                        d[k].append(item)
            else:
                d[k] = v
        else:
            d[k] = v
    return d


def merge_metadata(
    self: ModelMetadata, other: Optional[ModelMetadata] = None
) -> ModelMetadata:
    """Append ``references`` to an existing ModelMetadata object.

    :param self: The metadata object to be updated.
    :param other: The metadata object to merged to self. If None, return self.

    :return: A new ModelMetadata object with the merged information.
    """

    if other is None:
        return self

    self_dict = json.loads(self._get_method("__getstate__")())
    other_dict = json.loads(other._get_method("__getstate__")())

    self_dict = update(self_dict, other_dict)
    self_dict.pop("class")

    new_metadata = ModelMetadata(**self_dict)

    return new_metadata
