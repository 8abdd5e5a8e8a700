export { ToyArqEntity, type ToyLinkEvent } from './entity';
export { copyToyFrame, ToyFrame } from './frame';
export { ToyLink } from './link';
