MODULE = 'penn'
