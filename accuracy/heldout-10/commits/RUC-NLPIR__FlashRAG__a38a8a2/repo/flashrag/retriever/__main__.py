from . import index_builder

if __name__ == '__main__':
    index_builder.main()