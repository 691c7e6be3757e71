

def test_charlm():
    pass


if __name__ == "__main__":
    test_charlm()
