from .openloris import OpenLORIS
