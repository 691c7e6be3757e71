from ..apc.expert import UpstreamExpert
