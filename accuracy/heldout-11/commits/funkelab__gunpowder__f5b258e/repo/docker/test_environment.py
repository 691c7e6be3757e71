import gunpowder

if __name__ == "__main__":
    print("Successfully set up gunpowder")
