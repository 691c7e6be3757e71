from .utils import get_tqdm


tqdm = get_tqdm()


__all__ = ["tqdm"]
