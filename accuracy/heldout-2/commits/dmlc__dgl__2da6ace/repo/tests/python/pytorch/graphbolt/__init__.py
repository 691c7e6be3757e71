""" DGL graphbolt API tests"""
