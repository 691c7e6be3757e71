""" DGL graphbolt/impl tests"""
