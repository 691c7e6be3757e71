"""cython3 namespace"""
