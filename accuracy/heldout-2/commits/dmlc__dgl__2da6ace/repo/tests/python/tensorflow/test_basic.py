def test():
    pass


if __name__ == "__main__":
    test()
