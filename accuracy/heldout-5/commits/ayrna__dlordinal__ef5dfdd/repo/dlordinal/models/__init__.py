from .obd_ecoc import OBDECOCModel

__all__ = ["OBDECOCModel"]
