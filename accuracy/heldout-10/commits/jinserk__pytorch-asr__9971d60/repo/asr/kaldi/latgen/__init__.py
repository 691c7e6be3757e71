from ._latgen import LatGenDecoder, LatGenCTCDecoder

