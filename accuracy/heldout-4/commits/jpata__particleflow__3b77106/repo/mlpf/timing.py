import sys
import time

import numpy as np
import onnxruntime as rt
import pynvml
import resource
import argparse


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin-size", type=int, default=256)
    parser.add_argument("--num-features", type=int, default=17)
    parser.add_argument("--batch-size", type=int, default=20)
    parser.add_argument("--num-threads", type=int, default=1)
    parser.add_argument("--use-gpu", type=bool, action="store_true")
    args = parser.parse_args()
    return args


# for GPU testing, you need to
# pip install only onnxruntime_gpu, not onnxruntime!
args = parse_args()

bin_size = args.bin_size
num_features = args.num_features
use_gpu = args.use_gpu
batch_size = args.batch_size
num_threads = args.num_threads

if use_gpu:
    pynvml.nvmlInit()
    handle = pynvml.nvmlDeviceGetHandleByIndex(0)


def get_mem_cpu_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1000


def get_mem_gpu_mb():
    mem = pynvml.nvmlDeviceGetMemoryInfo(handle)
    return mem.used / 1000 / 1000


def get_mem_mb(use_gpu):
    if use_gpu:
        return get_mem_gpu_mb()
    else:
        return get_mem_cpu_mb()


if __name__ == "__main__":
    print(
        "batch_size={} bin_size={} num_features={} use_gpu={} num_threads={}".format(
            batch_size, bin_size, num_features, use_gpu, num_threads
        )
    )

    if use_gpu:
        EP_list = ["CUDAExecutionProvider"]
    else:
        EP_list = ["CPUExecutionProvider"]

    time.sleep(5)

    mem_initial = get_mem_mb(use_gpu)
    print("mem_initial", mem_initial)

    sess_options = rt.SessionOptions()
    sess_options.intra_op_num_threads = num_threads
    sess_options.inter_op_num_threads = num_threads
    sess_options.execution_mode = rt.ExecutionMode.ORT_PARALLEL
    sess_options.graph_optimization_level = rt.GraphOptimizationLevel.ORT_ENABLE_ALL
    sess_options.add_session_config_entry("session.intra_op.allow_spinning", "1")

    onnx_sess = rt.InferenceSession(sys.argv[1], sess_options, providers=EP_list)
    time.sleep(5)

    mem_onnx = get_mem_mb(use_gpu)
    print("mem_onnx", mem_onnx)

    for num_elems in [bin_size, 2 * bin_size, 10 * bin_size, 20 * bin_size, 40 * bin_size]:
        times = []
        mem_used = []

        # average over 100 events
        for i in range(10):

            # allocate array in system memory
            X = np.array(np.random.randn(batch_size, num_elems, num_features), np.float32)

            # transfer data to GPU, run model, transfer data back
            t0 = time.time()
            pred_onx = onnx_sess.run(None, {"x:0": X})
            t1 = time.time()
            dt = (t1 - t0) / batch_size
            times.append(dt)

            mem_used.append(get_mem_mb(use_gpu))

        print(
            "Nelem={} mean_time={:.2f} ms stddev_time={:.2f} ms mem_used={:.0f} MB".format(
                num_elems,
                1000.0 * np.mean(times),
                1000.0 * np.std(times),
                np.max(mem_used),
            )
        )
        time.sleep(5)
