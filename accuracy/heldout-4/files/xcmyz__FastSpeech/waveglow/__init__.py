import waveglow.inference
import waveglow.mel2samp
