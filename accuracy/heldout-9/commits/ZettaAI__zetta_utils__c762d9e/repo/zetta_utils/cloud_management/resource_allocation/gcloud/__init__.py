"""GCloud APIs"""
