"""``python -m verifier``: the same as the ``verifier`` command (:func:`verifier.entry.main`)."""

if __name__ == "__main__":  # not when a worker process started by spawn (a Dask LocalCluster's) imports it
    from verifier.entry import main

    main()
