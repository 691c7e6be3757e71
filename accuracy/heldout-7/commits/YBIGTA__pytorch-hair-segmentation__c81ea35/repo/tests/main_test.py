import main

def main_test():
    assert main.main()