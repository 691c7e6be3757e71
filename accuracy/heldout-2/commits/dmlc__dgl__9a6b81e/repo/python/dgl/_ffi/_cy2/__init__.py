"""cython2 namespace"""
